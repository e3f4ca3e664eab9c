// Every estimated call cost says where its figure comes from: a public measurement or a stated guess.
import { COST_RULES } from '../../emulator';

describe('the cost model', () => {
  it.each(COST_RULES.map((r) => [String(r.pattern), r.source] as const))('%s names its source', (_pattern, source) => {
    expect(source.trim()).not.toBe('');
    expect(source).toMatch(/https?:\/\/|stated guess|added by the host|by analogy/);
  });
});
