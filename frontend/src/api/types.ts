import type { paths } from './schema';

// Types are looked up by path rather than by component name: the paths are the contract,
// component names follow the back end's schema classes and may change.
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON answer of a path's operation for one status code (200 unless said: creations answer 201, job starts 202). */
export type ResponseOf<P extends keyof paths, M extends Method, Code extends number = 200> =
  Operation<P, M> extends { responses: { [K in Code]: { content: { 'application/json': infer T } } } }
    ? T
    : never;

export type QueryOf<P extends keyof paths, M extends Method> = NonNullable<Operation<P, M>['parameters']['query']>;

/** The request body of a path's operation, JSON or multipart form. */
export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: infer C } } ? C[keyof C] : never;

/** What a list footer reads of any page answer: the total, and whether it is the planner's estimate. */
export type PageCount = Pick<ResponseOf<'/api/mm/profiles', 'get'>, 'total' | 'totalIsEstimate'>;
