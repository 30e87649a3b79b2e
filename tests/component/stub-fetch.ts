/** What a stubbed request answers: a status and a JSON body (headers optional). */
export interface StubAnswer {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

/** Answers the page's requests by method and path; an unlisted request fails the test. */
export type FetchStub = (request: { method: string; path: string; body: unknown }) => StubAnswer | Promise<StubAnswer>;

const noNetwork: FetchStub = ({ path }) => {
  throw new Error(`No stubbed answer for ${path}`);
};

let current: FetchStub = noNetwork;

/** This test's answers (until the test ends). */
export function setFetchStub(answer: FetchStub): void {
  current = answer;
}

export function resetFetch(): void {
  current = noNetwork;
}

/** The component tests' fetch: no network, every request answered by the test's stub. */
export const stubbedFetch: typeof fetch = async (input, init) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
  const text = await request.text();
  const reply = await current({
    method: request.method,
    path: new URL(request.url).pathname,
    body: text ? JSON.parse(text) : undefined,
  });
  return new Response(reply.json === undefined ? null : JSON.stringify(reply.json), {
    status: reply.status,
    headers: { 'content-type': 'application/json', ...reply.headers },
  });
};
