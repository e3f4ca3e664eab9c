// A typed promise wrapper over google.script.run, built from the server's own types
// (imported as types only, so no server code reaches this bundle).
import type { SidebarApi } from '../src/addon/sidebar-api';

/** What survives google.script.run: plain JSON-like data. */
export type Jsonify<T> = T extends string | number | boolean | null
  ? T
  : T extends undefined | ((...args: never[]) => unknown)
    ? never
    : T extends ReadonlyArray<infer U>
      ? Array<Jsonify<U>>
      : T extends object
        ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Jsonify<T[K]> }
        : never;

export type Server = {
  [K in keyof SidebarApi]: (...args: Parameters<SidebarApi[K]>) => Promise<Jsonify<ReturnType<SidebarApi[K]>>>;
};

/** What a server function answers, once it has crossed google.script.run. */
export type ServerResult<K extends keyof SidebarApi> = Jsonify<ReturnType<SidebarApi[K]>>;

interface ScriptRunner {
  withSuccessHandler(fn: (value: unknown) => void): ScriptRunner;
  withFailureHandler(fn: (error: Error) => void): ScriptRunner;
  [name: string]: unknown;
}

declare const google: { script: { run: ScriptRunner } };

export const server = new Proxy({} as Server, {
  get(_target, name: string) {
    return (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const runner = google.script.run.withSuccessHandler(resolve).withFailureHandler(reject);
        (runner[name] as (...a: unknown[]) => void)(...args);
      });
  },
});
