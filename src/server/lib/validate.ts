import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from './app-error.ts';
import { zodIssues } from './error-handler.ts';

/** zValidator with our error shape: the first issue's message, all issues listed. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = zodIssues(result.error as never);
      throw new AppError('BAD_REQUEST', issues[0]?.message ?? 'Invalid request', { issues });
    }
  });
}
