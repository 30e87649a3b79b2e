import { useId, useState } from 'react';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { checkShown } from '#client/components/forms/validate-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { TIP_CATEGORIES, TIP_CATEGORY_LABELS, TIP_LIMITS, tipMessages } from '#shared/guides.ts';
import { createTipSchema } from '#shared/guides-api.ts';
import { useAddTip } from '../api/tips.ts';

/**
 * A signed-in fan's tip for a venue, on react-hook-form through useValidatedForm with the server's
 * own schema; its message shows under the text (not in a toast), as the server's answers do. Loaded
 * only for signed-in fans, so a visitor's guide page never fetches the form library.
 */
export function AddTipForm({ venueSlug }: { venueSlug: string }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const add = useAddTip(venueSlug);
  const form = useValidatedForm({
    initial: { category: '', text: '' },
    // The message marks the text, whichever field it is about, and moves no focus (as before).
    check: (values) => checkShown(createTipSchema, values, setError),
    send: async (input) => {
      try {
        const tip = await add.mutateAsync(input);
        form.reset();
        showToast({ title: tip.state === 'pending' ? tipMessages.pending : 'Thanks for the tip!' });
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : 'The tip could not be saved. Try again.');
      }
    },
  });
  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
      noValidate
    >
      <h3 className="font-semibold">Add a tip</h3>
      <label htmlFor={`${id}-category`} className="text-sm font-medium">
        What is it about?
      </label>
      <select
        id={`${id}-category`}
        value={form.values.category}
        onChange={form.field('category').onChange}
        className="h-11 rounded-xl border border-border-strong bg-background/60 px-3"
      >
        <option value="">Choose…</option>
        {TIP_CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {TIP_CATEGORY_LABELS[value]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-text`} className="text-sm font-medium">
        Your tip
      </label>
      <textarea
        id={`${id}-text`}
        value={form.values.text}
        onChange={form.field('text').onChange}
        maxLength={TIP_LIMITS.maxLength}
        rows={3}
        aria-describedby={`${id}-count`}
        aria-invalid={error ? true : undefined}
        className="rounded-xl border border-border-strong bg-background/60 px-3 py-2"
      />
      <p id={`${id}-count`} className="text-xs text-muted">
        {form.values.text.trim().length}/{TIP_LIMITS.maxLength} characters, plain text
      </p>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={form.busy} className="self-start">
        {form.busy ? 'Saving…' : 'Add tip'}
      </Button>
    </form>
  );
}
