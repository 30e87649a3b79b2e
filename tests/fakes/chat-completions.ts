import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A local OpenAI-compatible chat-completions endpoint (POST /v1/chat/completions) with the real
 * answer shape and its `usage` object. By default it writes a paragraph from the facts in the
 * user message; POST /__fake/reply {"content": "...", "times": n} makes it say something else
 * (a URL, an invented bar), {"status": 429|500} fails, {"delayMs": n} answers slowly.
 */
export interface FakeChat {
  url: string;
  requests: { body: { model: string; messages: { role: string; content: string }[] }; authorization?: string }[];
  close(): Promise<void>;
}

interface Override {
  content?: string;
  status?: number;
  delayMs?: number;
  times: number;
}

function fromFacts(user: string): string {
  try {
    const facts = JSON.parse(user) as {
      artist: string;
      venue: string;
      city: string;
      places?: { name: string; walkMinutes: number }[];
    };
    const place = facts.places?.[0];
    return `Tonight ${facts.artist} takes the stage at ${facts.venue} in ${facts.city}.${place ? ` ${place.name} is ${place.walkMinutes} minutes away on foot.` : ''} Enjoy the show!`;
  } catch {
    return 'Enjoy the show!';
  }
}

export async function startFakeChat(options: { port?: number } = {}): Promise<FakeChat> {
  const requests: FakeChat['requests'] = [];
  let override: Override | null = null;
  const server = http.createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/__fake/health') return send(200, { ok: true });
    if (req.url === '/__fake/reply') {
      override = { times: 1, ...(JSON.parse(text || '{}') as Partial<Override>) };
      return send(200, { ok: true });
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      return send(404, { error: { message: 'Not found', type: 'invalid_request_error', code: null } });
    }
    const body = JSON.parse(text) as FakeChat['requests'][number]['body'];
    requests.push({ body, authorization: req.headers.authorization });
    const current = override;
    if (current) {
      current.times -= 1;
      if (current.times <= 0) override = null;
      if (current.delayMs) await sleep(current.delayMs);
      if (current.status) {
        return send(current.status, {
          error: {
            message: current.status === 429 ? 'Rate limit reached' : 'Server error',
            type: 'requests',
            code: null,
          },
        });
      }
    }
    const user = body.messages.find((message) => message.role === 'user')?.content ?? '';
    const content = current?.content ?? fromFacts(user);
    const promptTokens = Math.ceil(body.messages.reduce((sum, message) => sum + message.content.length, 0) / 4);
    const completionTokens = Math.ceil(content.length / 4);
    send(200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
