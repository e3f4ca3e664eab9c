// Symbol.dispose and Symbol.asyncDispose where the realm lacks them: jest runs tests in a realm of
// their own without Node's, and Playwright's clicks in a frame of another process (the page's
// sandboxed sidebar) dispose of a handle by them. Imported before playwright-core is loaded.
const symbols = Symbol as unknown as { dispose?: symbol; asyncDispose?: symbol };
symbols.dispose ??= Symbol.for('nodejs.dispose');
symbols.asyncDispose ??= Symbol.for('nodejs.asyncDispose');

export {};
