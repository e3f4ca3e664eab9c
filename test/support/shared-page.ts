// One local page for a test file: opened before its tests, closed after them, and each test failing
// on an uncaught error or a console error in the page or its sidebar's frame.
import { openPage, type PageWorld } from '../../playground/page-driver';

/** The file's page, read through once it is open (call at the top of a `describe`). */
export function sharedPage(world?: Parameters<typeof openPage>[0], viewport?: Parameters<typeof openPage>[1]): PageWorld {
  let opened: PageWorld | undefined;
  beforeAll(async () => {
    opened = await openPage(world, viewport);
  });
  afterAll(async () => {
    await opened?.close();
  });
  afterEach(() => {
    expect(opened?.errors).toEqual([]);
  });
  return new Proxy({} as PageWorld, {
    get(_target, key) {
      if (!opened) throw new Error('the page is not open yet');
      return opened[key as keyof PageWorld];
    },
  });
}
