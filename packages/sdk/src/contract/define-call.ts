// One backend call as data: path, method, how the payload travels, and the zod schemas of its
// request and of the `response` member of its ok envelope. The sdk client and ticket-api both
// read these, so a payload shape is written once.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** query: URL parameters (arrays and objects as canonical JSON text); json: a JSON body; multipart: a form with files. */
export type PayloadEncoding = 'query' | 'json' | 'multipart';

export type CallContract<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> = {
  /** Relative to the API base, as spec 02 §7 writes it: `Account/login.json`. */
  readonly path: string;
  readonly method: HttpMethod;
  readonly encoding: PayloadEncoding;
  /** A strict object schema: unknown fields are refused. */
  readonly request: Request;
  readonly response: Response;
  /** Whether the call needs a session (userToken in the payload, API-02). */
  readonly authenticated: boolean;
  /** Whether answers may be cached (API-06: GET and HEAD, 5 minutes by default). */
  readonly cacheable: boolean;
};

export type CallRequest<C extends CallContract> = z.input<C['request']>;
export type CallResponse<C extends CallContract> = z.output<C['response']>;

export function defineCall<Request extends z.ZodType, Response extends z.ZodType>(definition: {
  path: string;
  method: HttpMethod;
  request: Request;
  response: Response;
  authenticated: boolean;
  encoding?: PayloadEncoding;
  cacheable?: boolean;
}): CallContract<Request, Response> {
  const readsOnly = definition.method === 'GET';
  return Object.freeze({
    ...definition,
    encoding: definition.encoding ?? (readsOnly || definition.method === 'DELETE' ? 'query' : 'json'),
    cacheable: definition.cacheable ?? readsOnly,
  });
}
