// What a test can do with the fake batch API (fake-batch-api.ts): its options and its controls, the
// statuses and errors it plays on request.
import type { FakeBatchCall, FakeTransientAnswer } from './fake-batch-http';
import type { FakeBatch, FakeBatchAnswer, FakeBatchError, FakeBatchRequest, FakeRequestFailure } from './fake-batch-wire';

export interface FakeBatchApiOptions {
  /** How long a batch stays in progress after its creation (default 0: it ends at the next look). */
  readonly completeAfterMs?: number;
  /**
   * A request's failure or undefined, decided once, when its batch ends: a message (a server error:
   * OpenAI's 500 server_error, Anthropic's api_error), or the provider's refusal with its status and
   * error type (e.g. 400 invalid_request_error).
   */
  readonly fail?: (customId: string, batch: FakeBatch) => string | FakeRequestFailure | undefined;
  /** The answer to a request (default: a plain, checker-clean description). */
  readonly reply?: (request: FakeBatchRequest) => Partial<FakeBatchAnswer>;
}

export interface FakeBatchApi {
  /** For `new OpenAI({ baseURL })`: includes /v1. */
  readonly openaiUrl: string;
  /** For ANTHROPIC_BASE_URL: includes /v1, as OPENAI_BASE_URL does (the official SDK is given it without). */
  readonly anthropicUrl: string;
  /** Batches created, in order (their count is the number of submissions). */
  readonly batches: readonly FakeBatch[];
  readonly submissions: number;
  /** Cancel calls received. */
  readonly cancels: number;
  /** Times a batch's state was looked at (retrieved, listed, its results asked): the callers' polls. */
  readonly looks: number;
  /** Every request received, as sent (the contract test checks them: fake-batch-contract.ts). */
  readonly calls: readonly FakeBatchCall[];
  /**
   * The next `count` calls (any endpoint) are answered with this transient error instead: a rate
   * limit with its retry-after, a 5xx, Anthropic's 529. The official clients retry them; a test
   * that scripts one takes its problems.
   */
  answerNext(count: number, answer: FakeTransientAnswer): void;
  setCompleteAfter(ms: number): void;
  setFail(fail: FakeBatchApiOptions['fail']): void;
  /**
   * OpenAI batches created from now on are refused while validating (status failed, `errors` these),
   * until called with undefined.
   */
  refuse(errors: readonly FakeBatchError[] | undefined): void;
  /** Batches created from now on stay in progress until `release()`. */
  hold(): void;
  release(): void;
  /**
   * Batches created from now on are taken (counted, listed, processed) but the answer to the
   * create call is withheld until `answerCreates()`: the window between a provider's accept and
   * its caller learning the batch id (a process killed there).
   */
  holdCreates(): void;
  /** Sends the withheld create answers, and answers the next ones at once. */
  answerCreates(): void;
  /** The batch ends as expired: requests not answered by then come back as expired. */
  expire(id: string, answeredFirst?: number): void;
  /**
   * How a cancel plays from now on: the batch stays cancelling (canceling) for `looks` looks, and its
   * first `answered` requests were answered before the cancel took (default: 1 look, none answered).
   */
  setCancelling(cancelling: { looks: number; answered: number }): void;
  /** A cancel made at the provider (its dashboard, another client): plays as a cancel call, not counted in `cancels`. */
  cancelAtProvider(id: string): void;
  /**
   * What the fake refused that a test did not ask for (refuse, setFail): an error answer to a call, an
   * input file that fails validation, a request the model refuses. Returned and cleared: each suite
   * asserts none after every test, so a request the provider would refuse fails the suite that sent it.
   */
  takeProblems(): string[];
  /** Resolves when the server has taken `count` batches in all. */
  waitForSubmissions(count: number): Promise<void>;
  close(): Promise<void>;
}

