// Jest's `unkind` project: every host its test files build takes the unkind answer of each
// unknowable (emulator/unknowables.ts) unless the test names one.
process.env.APPS_SCRIPT_UNKNOWABLES = 'unkind';
