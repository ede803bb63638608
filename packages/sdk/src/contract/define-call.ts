// One backend call as data: path, method, how the payload travels, the zod schemas of its request
// and of the `response` member of its ok envelope, which payload fields carry the session and the
// network, and what a caller of the client gets back. The sdk client and ticket-api both read
// these, so a payload shape is written once.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** query: URL parameters (arrays and objects as canonical JSON text); json: a JSON body; multipart: a form with files. */
export type PayloadEncoding = 'query' | 'json' | 'multipart';

/** The payload fields that carry the session of an authenticated call (API-02). */
export type SessionFields = {
  readonly token: string;
  readonly userId?: string;
  /**
   * The userId field may also name a traveller profile of the account holder (ACC-05): the
   * client still fills in the holder's id when it is left out, and the backend checks ownership.
   */
  readonly userIdMayBeProfile?: true;
};
export const DEFAULT_SESSION_FIELDS = { token: 'userToken', userId: 'userId' } as const;
export type DefaultSessionFields = typeof DEFAULT_SESSION_FIELDS;

/** The legacy calls name the network field either way. */
export const NETWORK_FIELDS = ['networkId', 'network_id'] as const;
export type NetworkField = (typeof NETWORK_FIELDS)[number];

export type CallContract<
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Session extends SessionFields | null = SessionFields | null,
  Result = unknown,
> = {
  /** Relative to the API base, as spec 02 §7 writes it: `Account/login.json`. */
  readonly path: string;
  readonly method: HttpMethod;
  readonly encoding: PayloadEncoding;
  /** A strict object schema: unknown fields are refused. */
  readonly request: Request;
  readonly response: Response;
  /** Whether the call needs a session (userToken in the payload, API-02). */
  readonly authenticated: boolean;
  /**
   * The fields the client fills from the current session when the caller leaves them out; null
   * for calls without a session. A call about another person (a traveller profile) names only
   * the token, so the caller must say whose id it means.
   */
  readonly session: Session;
  /** The request field the client fills with its network id when the caller leaves it out. */
  readonly networkField: NetworkField | null;
  /** Whether answers may be cached (API-06: GET, 5 minutes by default). */
  readonly cacheable: boolean;
  /** A multipart call's largest file; its body limit follows (the picture's when left out). */
  readonly maxFileBytes?: number;
  /**
   * What the caller of the client gets from the parsed response; it may throw the call's own
   * errors (a login answering profiles). The server ignores it.
   */
  toResult(response: z.output<Response>): Result;
};

export type AnyCallContract = CallContract<z.ZodType, z.ZodType, SessionFields | null, unknown>;
export type CallRequest<C extends CallContract> = z.input<C['request']>;
export type CallResponse<C extends CallContract> = z.output<C['response']>;
export type CallResult<C extends CallContract> = ReturnType<C['toResult']>;

type SessionKeys<C extends CallContract> = C['session'] extends SessionFields
  ? C['session']['token'] | (C['session'] extends { readonly userId: infer U extends string } ? U : never)
  : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<T, K extends PropertyKey> = Simplify<Omit<T, K> & Partial<Pick<T, Extract<keyof T, K>>>>;

/** What a caller passes to the client: the session and network fields may be left to it, the signature always is. */
export type CallPayload<C extends CallContract> = OptionalKeys<
  Omit<CallRequest<C>, 'signature'>,
  SessionKeys<C> | NetworkField
>;

type CallDefinition<Request extends z.ZodType, Response extends z.ZodType, Result> = {
  path: string;
  method: HttpMethod;
  request: Request;
  response: Response;
  encoding?: PayloadEncoding;
  cacheable?: boolean;
  maxFileBytes?: number;
  toResult?: (response: z.output<Response>) => Result;
};

function networkFieldOf(request: z.ZodType): NetworkField | null {
  const shape = (request as { shape?: Record<string, unknown> }).shape;
  if (!shape) return null;
  return NETWORK_FIELDS.find((field) => field in shape) ?? null;
}

export function defineCall<
  Request extends z.ZodType,
  Response extends z.ZodType,
  const Session extends SessionFields = DefaultSessionFields,
  Result = z.output<Response>,
>(
  definition: CallDefinition<Request, Response, Result> & { authenticated: true; session?: Session },
): CallContract<Request, Response, Session, Result>;
export function defineCall<
  Request extends z.ZodType,
  Response extends z.ZodType,
  Result = z.output<Response>,
>(
  definition: CallDefinition<Request, Response, Result> & { authenticated: false },
): CallContract<Request, Response, null, Result>;
export function defineCall(
  definition: CallDefinition<z.ZodType, z.ZodType, unknown> & {
    authenticated: boolean;
    session?: SessionFields;
  },
): AnyCallContract {
  const readsOnly = definition.method === 'GET';
  return Object.freeze({
    path: definition.path,
    method: definition.method,
    request: definition.request,
    response: definition.response,
    authenticated: definition.authenticated,
    encoding: definition.encoding ?? (readsOnly || definition.method === 'DELETE' ? 'query' : 'json'),
    session: definition.authenticated ? (definition.session ?? DEFAULT_SESSION_FIELDS) : null,
    networkField: networkFieldOf(definition.request),
    // Only a GET answer may be reused: any other call changes something.
    cacheable: readsOnly && (definition.cacheable ?? true),
    ...(definition.maxFileBytes === undefined ? {} : { maxFileBytes: definition.maxFileBytes }),
    toResult: definition.toResult ?? ((response: unknown) => response),
  });
}
