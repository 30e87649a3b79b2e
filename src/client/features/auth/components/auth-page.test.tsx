import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectToast, type FetchStub, heldAnswer, renderPage, signedOut } from '#tests/component/render-page.tsx';
import { AuthPage } from './auth-page.tsx';

const heading = () => screen.getByRole('heading', { level: 1 });
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });

/** Replaces the field's value as a paste does (typing hundreds of characters one by one is slow). */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string): Promise<void> {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(value);
}

/** The visitor's /auth page, with `auth` answering the Better Auth calls (path after /api/auth). */
function renderAuth(path: string, auth: Record<string, FetchStub> = {}) {
  return renderPage(<AuthPage />, {
    path,
    answer: (request) => {
      const call = request.path.replace(/^\/api\/auth\//, '');
      return auth[call] ? auth[call](request) : signedOut(request);
    },
  });
}

describe('the /auth page (moved from the browser suite: tests/e2e/auth.spec.ts keeps the real sign-ins)', () => {
  it('each mode shows the spec texts, and the links move between them', async () => {
    const user = userEvent.setup();
    const page = renderAuth('/auth');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Welcome Back');
    screen.getByText('Log in to see your personalized tour calendar');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(field('Email').getAttribute('autocomplete')).toBe('username');
    expect(field('Password').getAttribute('autocomplete')).toBe('current-password');

    await user.click(button("Don't have an account? Sign up"));
    expect(page.location()).toBe('/auth?mode=signup');
    expect(heading().textContent).toBe('Create Account');
    screen.getByText('Sign up to start tracking your favorite artists');
    field('Full Name');
    screen.getByText('Password must be at least 6 characters');
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();

    await user.click(button('Already have an account? Log in'));
    expect(heading().textContent).toBe('Welcome Back');

    await user.click(button('Forgot password?'));
    expect(page.location()).toBe('/auth?mode=reset');
    expect(heading().textContent).toBe('Reset Password');
    // The link that was clicked is gone: focus lands on the new heading.
    await waitFor(() => expect(document.activeElement).toBe(heading()));
    screen.getByText('Enter your email to receive a password reset link');
    expect(screen.queryByLabelText('Password', { exact: true })).toBeNull();
    expect(screen.queryByRole('button', { name: "Don't have an account? Sign up" })).toBeNull();

    await user.click(button('Back to login'));
    expect(heading().textContent).toBe('Welcome Back');
  });

  it('opens in sign-up mode from its address', async () => {
    renderAuth('/auth?mode=signup');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Create Account');
  });

  it('validation toasts come in the spec order, and the failing field is marked', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=signup');
    await screen.findByRole('heading', { level: 1, name: 'Create Account' });
    const signUp = button('Sign Up');

    await user.click(signUp);
    await expectToast('Validation Error', 'Invalid email address');
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Email'));

    await fill(user, 'Email', `${'a'.repeat(250)}@example.com`);
    await user.click(signUp);
    await expectToast('Validation Error', 'Email too long');

    await fill(user, 'Email', 'fan@example.com');
    await fill(user, 'Password', '12345');
    await user.click(signUp);
    await expectToast('Validation Error', 'Password must be at least 6 characters');
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').getAttribute('aria-invalid')).not.toBe('true');

    await fill(user, 'Password', 'x'.repeat(73));
    await user.click(signUp);
    await expectToast('Validation Error', 'Password too long');

    await fill(user, 'Password', 'Stagedive-88');
    await user.click(signUp);
    await expectToast('Validation Error', 'Name must be at least 2 characters');
    expect(field('Full Name').getAttribute('aria-invalid')).toBe('true');

    await fill(user, 'Full Name', 'n'.repeat(101));
    await user.click(signUp);
    await expectToast('Validation Error', 'Name too long');

    await user.click(button('Already have an account? Log in'));
    await user.click(button('Forgot password?'));
    await fill(user, 'Email', 'not-an-email');
    await user.click(button('Send Reset Link'));
    await expectToast('Validation Error', 'Please enter a valid email address.');
  });

  it('while a request runs the button says so and every input is disabled', async () => {
    const user = userEvent.setup();
    const login = heldAnswer({
      status: 401,
      json: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid login credentials' },
    });
    const signUp = heldAnswer({
      status: 422,
      json: { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already registered' },
    });
    const reset = heldAnswer({ status: 500, json: { message: 'Mail server unavailable' } });
    renderAuth('/auth', {
      'sign-in/email': () => login.reply,
      'sign-up/email': () => signUp.reply,
      'request-password-reset': () => reset.reply,
    });
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await fill(user, 'Email', 'fan@example.com');
    await fill(user, 'Password', 'Stagedive-88');
    await user.click(button('Log In'));
    await waitFor(() => expect(button('Logging in...')).toHaveProperty('disabled', true));
    expect(field('Email').disabled || field('Email').closest('fieldset')?.disabled).toBe(true);
    expect(field('Password').closest('fieldset')?.disabled).toBe(true);
    expect(button("Don't have an account? Sign up")).toHaveProperty('disabled', true);
    await act(async () => login.release());
    await expectToast('Login Failed', 'Invalid email or password. Please try again.');
    await waitFor(() => expect(button('Log In')).toHaveProperty('disabled', false));
    expect(field('Email').closest('fieldset')?.disabled).toBe(false);

    await user.click(button("Don't have an account? Sign up"));
    await fill(user, 'Full Name', 'Alex Fan');
    await user.click(button('Sign Up'));
    await waitFor(() => expect(button('Creating account...')).toHaveProperty('disabled', true));
    expect(field('Full Name').closest('fieldset')?.disabled).toBe(true);
    await act(async () => signUp.release());
    await expectToast('Sign Up Failed', 'This email is already registered. Please log in instead.');

    await user.click(button('Already have an account? Log in'));
    await user.click(button('Forgot password?'));
    await user.click(button('Send Reset Link'));
    await waitFor(() => expect(button('Sending...')).toHaveProperty('disabled', true));
    expect(field('Email').closest('fieldset')?.disabled).toBe(true);
    await act(async () => reset.release());
    await expectToast('Password Reset Failed', 'Mail server unavailable');
  });

  it('a 429 shows a clear toast with the wait from the server', async () => {
    const user = userEvent.setup();
    const message = 'Too many attempts. Please wait 42 seconds and try again.';
    renderAuth('/auth', {
      'sign-in/email': () => ({
        status: 429,
        headers: { 'Retry-After': '42' },
        json: { code: 'RATE_LIMITED', message },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await fill(user, 'Email', 'fan@example.com');
    await fill(user, 'Password', 'Stagedive-88');
    await user.click(button('Log In'));
    await expectToast('Too many attempts', message);
  });
});
