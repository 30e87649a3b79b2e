import OpenAI from 'openai';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { currentJobSignal } from '#server/lib/job-signal.ts';
import type { Logger } from '#server/lib/logger.ts';

/**
 * The one way the server talks to a language model (any OpenAI-compatible chat-completions
 * endpoint, through the official `openai` client). Every call is recorded in llm_calls with its
 * feature, model, tokens, cost (from LLM_PRICES), latency and outcome; a calendar month past
 * LLM_MONTHLY_BUDGET_USD sends nothing more (the caller falls back to its template) and tells the
 * admins once. Reusable by any feature: pass your own `feature` name.
 */

export type LlmOutcome = 'ok' | 'error' | 'rejected' | 'budget';

export interface LlmPrice {
  /** USD per million prompt tokens. */
  input: number;
  /** USD per million completion tokens. */
  output: number;
}

/** Used when LLM_PRICES does not name the model. */
export const DEFAULT_PRICES: Record<string, LlmPrice> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
};

export class LlmUnavailable extends Error {
  constructor(
    readonly reason: 'not-configured' | 'budget' | 'error',
    message: string,
  ) {
    super(message);
    this.name = 'LlmUnavailable';
  }
}

export interface LlmRequest {
  /** Who asked, for the usage page ('guide-story', 'tour-scraper'…). */
  feature: string;
  system: string;
  user: string;
  maxTokens?: number;
  temperature?: number;
}

export interface LlmAnswer {
  text: string;
  /** The llm_calls row, so a caller that rejects the answer can mark it (markRejected). */
  callId: string;
  promptTokens: number;
  completionTokens: number;
}

export interface LlmClientOptions {
  env: Pick<
    Env,
    'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_PRICES' | 'LLM_MONTHLY_BUDGET_USD' | 'LLM_TIMEOUT_MS'
  >;
  database: Database;
  logger: Logger;
  /** Told once per month when the budget runs out (the composition root mails the admins). */
  onBudgetExhausted?: (month: string, spentUsd: number, budgetUsd: number) => Promise<void>;
}

export type LlmClient = ReturnType<typeof createLlmClient>;

export function parsePrices(json: string | undefined): Record<string, LlmPrice> {
  if (!json) return DEFAULT_PRICES;
  const parsed = JSON.parse(json) as Record<string, LlmPrice>;
  return { ...DEFAULT_PRICES, ...parsed };
}

export function costUsd(
  prices: Record<string, LlmPrice>,
  model: string,
  promptTokens: number,
  completionTokens: number,
) {
  const price = prices[model];
  if (!price) return 0;
  return (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

export async function monthSpentUsd(database: Database, now = new Date()): Promise<number> {
  const { rows } = await database.query<{ spent: number | string | null }>(
    `select coalesce(sum(cost_usd), 0) as spent from llm_calls where created_at >= date_trunc('month', $1::timestamptz at time zone 'UTC') at time zone 'UTC'`,
    [now.toISOString()],
  );
  return Number(rows[0]?.spent ?? 0);
}

export function createLlmClient(options: LlmClientOptions) {
  const { env, database, logger } = options;
  const prices = parsePrices(env.LLM_PRICES);
  const model = env.LLM_MODEL;
  const client = env.LLM_BASE_URL
    ? new OpenAI({
        baseURL: env.LLM_BASE_URL,
        apiKey: env.LLM_API_KEY ?? 'none',
        timeout: env.LLM_TIMEOUT_MS,
        maxRetries: 1,
      })
    : null;

  async function record(call: {
    feature: string;
    promptTokens?: number;
    completionTokens?: number;
    latencyMs?: number;
    outcome: LlmOutcome;
    error?: string | null;
  }): Promise<string> {
    const promptTokens = call.promptTokens ?? 0;
    const completionTokens = call.completionTokens ?? 0;
    const { rows } = await database.query<{ id: string }>(
      `insert into llm_calls (feature, model, prompt_tokens, completion_tokens, cost_usd, latency_ms, outcome, error)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        call.feature,
        model,
        promptTokens,
        completionTokens,
        costUsd(prices, model, promptTokens, completionTokens),
        call.latencyMs ?? 0,
        call.outcome,
        call.error?.slice(0, 500) ?? null,
      ],
    );
    return rows[0]!.id;
  }

  /** True when the month's spending has reached the budget; tells the admins the first time. */
  async function overBudget(now: Date): Promise<boolean> {
    const budget = env.LLM_MONTHLY_BUDGET_USD;
    if (budget === undefined) return false;
    const spent = await monthSpentUsd(database, now);
    if (spent < budget) return false;
    const { rows } = await database.query(
      `insert into llm_budget_alerts (month) values ($1) on conflict do nothing returning month`,
      [monthOf(now)],
    );
    if (rows.length > 0) {
      logger.warn({ spent, budget }, 'the language-model budget for this month is spent: templates from now on');
      await options
        .onBudgetExhausted?.(monthOf(now), spent, budget)
        .catch((error: unknown) => logger.error({ err: error }, 'admins not told about the spent budget'));
    }
    return true;
  }

  return {
    configured: client !== null,
    model,
    /** One chat completion; throws LlmUnavailable when not configured, over budget, or failing. */
    async complete(request: LlmRequest, now = new Date()): Promise<LlmAnswer> {
      if (!client) throw new LlmUnavailable('not-configured', 'No LLM_BASE_URL: use the template');
      if (await overBudget(now)) {
        await record({ feature: request.feature, outcome: 'budget' });
        throw new LlmUnavailable('budget', 'The monthly budget is spent');
      }
      const started = performance.now();
      try {
        const answer = await client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.user },
            ],
            max_tokens: request.maxTokens ?? 300,
            temperature: request.temperature ?? 0.4,
          },
          // A guide job's call ends when the server stops the job (lib/job-signal.ts).
          { signal: currentJobSignal() },
        );
        const usage = answer.usage;
        const text = answer.choices[0]?.message?.content?.trim() ?? '';
        const callId = await record({
          feature: request.feature,
          promptTokens: usage?.prompt_tokens ?? 0,
          completionTokens: usage?.completion_tokens ?? 0,
          latencyMs: Math.round(performance.now() - started),
          outcome: text ? 'ok' : 'error',
          error: text ? null : 'empty answer',
        });
        if (!text) throw new LlmUnavailable('error', 'The model answered nothing');
        return {
          text,
          callId,
          promptTokens: usage?.prompt_tokens ?? 0,
          completionTokens: usage?.completion_tokens ?? 0,
        };
      } catch (error) {
        if (error instanceof LlmUnavailable) throw error;
        const message = error instanceof Error ? error.message : String(error);
        await record({
          feature: request.feature,
          latencyMs: Math.round(performance.now() - started),
          outcome: 'error',
          error: message,
        });
        throw new LlmUnavailable('error', message);
      }
    },
    /** The caller's check refused the answer (it never reaches a page): the usage page shows it. */
    async markRejected(callId: string, why: string): Promise<void> {
      await database.query(`update llm_calls set outcome = 'rejected', error = $2 where id = $1`, [
        callId,
        why.slice(0, 500),
      ]);
    },
  };
}
