import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Mailer } from '#server/lib/mailer.ts';
import { monthSpentUsd } from '#server/providers/llm/llm.client.ts';
import type { LlmUsage } from '#shared/guides.ts';

/** /openai-usage: tokens and cost per day, model and feature over the last `days`, and this month against the budget. */
export async function llmUsage(
  database: Database,
  env: Pick<Env, 'LLM_MONTHLY_BUDGET_USD' | 'LLM_MODEL' | 'LLM_BASE_URL'>,
  days: number,
): Promise<LlmUsage> {
  const { rows } = await database.query<{
    day: string;
    model: string;
    feature: string;
    calls: number;
    promptTokens: number | string;
    completionTokens: number | string;
    costUsd: number | string;
    failed: number;
  }>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, model, feature, count(*)::int as calls,
            sum(prompt_tokens) as "promptTokens", sum(completion_tokens) as "completionTokens", sum(cost_usd) as "costUsd",
            count(*) filter (where outcome <> 'ok')::int as failed
       from llm_calls where created_at >= now() - $1::int * interval '1 day'
      group by 1, 2, 3 order by 1 desc, 2, 3`,
    [days],
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      promptTokens: Number(row.promptTokens),
      completionTokens: Number(row.completionTokens),
      costUsd: Number(row.costUsd),
    })),
    monthSpentUsd: await monthSpentUsd(database),
    monthlyBudgetUsd: env.LLM_MONTHLY_BUDGET_USD ?? null,
    configured: Boolean(env.LLM_BASE_URL),
    model: env.LLM_MODEL,
  };
}

/** Once a month, when the budget runs out: a mail to every admin. */
export async function mailAdminsBudgetSpent(
  deps: { database: Database; mailer: Mailer; env: Pick<Env, 'publicUrl'> },
  month: string,
  spent: number,
  budget: number,
): Promise<void> {
  const { rows } = await deps.database.query<{ email: string }>(
    `select u.email from users u join user_roles r on r.user_id = u.id and r.role = 'admin'`,
  );
  const text = `The AI writing budget for ${month} ($${budget.toFixed(2)}) is spent ($${spent.toFixed(2)}). Guides use their templates until next month or until the budget is raised.\n\n${deps.env.publicUrl}/openai-usage`;
  for (const { email } of rows) {
    await deps.mailer.send({
      to: email,
      subject: `AI budget spent for ${month}`,
      text,
      html: `<p>${text.replace(/\n/g, '<br>')}</p>`,
    });
  }
}
