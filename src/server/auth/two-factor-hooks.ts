import { getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { badRequest, bodyField, type HookContext } from './hook-utils.ts';
import { verifyTotp } from './totp.ts';

/**
 * Turning two-factor off needs a current code from the authenticator as well as the password, so a
 * stolen password alone cannot remove the second factor.
 */
export async function requireCurrentTotpCode(ctx: HookContext): Promise<void> {
  const code = bodyField(ctx, 'code')?.trim();
  if (!code) throw badRequest('Enter a code from your authenticator app.', 'INVALID_CODE');
  const session = await getSessionFromCtx(ctx);
  // Signed out or nothing enrolled: the endpoint gives its own answer.
  if (!session) return;
  const row = await ctx.context.adapter.findOne<{ secret: string }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: session.user.id }],
  });
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  if (!(await verifyTotp(new TextEncoder().encode(secret), code))) throw badRequest('Invalid code', 'INVALID_CODE');
}
