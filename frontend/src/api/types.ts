import type { paths } from './schema';

// Types are looked up by path rather than by component name: the paths are the contract,
// component names follow the back end's schema classes and may change.
type Method = 'get' | 'post';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

export type ResponseOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer T } } } }
    ? T
    : never;

export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer T } } }
    ? T
    : never;
