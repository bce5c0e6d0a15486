import type { paths } from './schema';

// Types are looked up by path rather than by component name: the paths are the contract,
// component names follow the back end's schema classes and may change.
type Method = 'get' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON answer of a path's operation for one status code (200 unless said: creations answer 201, job starts 202). */
export type ResponseOf<P extends keyof paths, M extends Method, Code extends number = 200> =
  Operation<P, M> extends { responses: { [K in Code]: { content: { 'application/json': infer T } } } }
    ? T
    : never;

export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer T } } }
    ? T
    : never;
