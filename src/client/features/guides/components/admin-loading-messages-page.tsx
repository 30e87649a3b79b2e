import { useIsMutating } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { AdminPageHeader } from '#client/components/admin/admin-page-header.tsx';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import type { ValidationResult } from '#client/components/forms/validate-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { LOADING_MESSAGE_MAX, type LoadingMessage } from '#shared/guides.ts';
import { useAdminLoadingMessages, useLoadingMessageActions } from '../api/admin.ts';

const failed = (error: unknown) =>
  showToast({ title: error instanceof ApiError ? error.message : 'Could not save', variant: 'destructive' });

function MessageRow({ message, index, all }: { message: LoadingMessage; index: number; all: LoadingMessage[] }) {
  const { update, reorder } = useLoadingMessageActions();
  // One move at a time: a second one computed from the list before the first was saved would undo it.
  const moving = useIsMutating({ mutationKey: ['admin', 'loading-messages', 'reorder'] }) > 0;
  const [text, setText] = useState(message.text);
  const move = (by: number) => {
    const ids = all.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, { onError: failed });
  };
  return (
    <li
      className="flex flex-wrap items-center gap-2 rounded-card border border-border bg-surface p-3"
      data-testid="loading-message"
    >
      <label className="sr-only" htmlFor={`message-${message.id}`}>
        Message {index + 1}
      </label>
      <input
        id={`message-${message.id}`}
        value={text}
        maxLength={LOADING_MESSAGE_MAX}
        onChange={(event) => setText(event.target.value)}
        className="h-10 min-w-0 flex-1 rounded-xl border border-border-strong bg-background/60 px-3"
      />
      <Button
        size="sm"
        variant="outline"
        disabled={text.trim() === message.text || !text.trim()}
        onClick={() =>
          update.mutate(
            { id: message.id, text: text.trim() },
            { onError: failed, onSuccess: () => showToast({ title: 'Message saved' }) },
          )
        }
      >
        Save
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Move "${message.text}" up`}
        disabled={index === 0 || moving}
        onClick={() => move(-1)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Move "${message.text}" down`}
        disabled={index === all.length - 1 || moving}
        onClick={() => move(1)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </Button>
      <Switch
        checked={message.enabled}
        aria-label={`Show "${message.text}"`}
        onCheckedChange={(enabled: boolean) => update.mutate({ id: message.id, enabled }, { onError: failed })}
      />
    </li>
  );
}

/** /admin/loading-messages: the lines a guide shows while it is being built. */
export const AdminLoadingMessagesPage = () => {
  useDocumentTitle(`Loading messages · Admin | ${BRAND}`);
  const query = useAdminLoadingMessages();
  const { add } = useLoadingMessageActions();
  // On react-hook-form through useValidatedForm. The input's length limit and the button (it waits
  // for text) leave the server's schema nothing to refuse, so the page does not load it (one chunk
  // fewer in the entry's list); a refusal is the page's error toast.
  const form = useValidatedForm({
    initial: { text: '' },
    check: ({ text }): ValidationResult<{ text: string }> =>
      // Enter in an empty field does nothing.
      text.trim() ? { ok: true, data: { text: text.trim() } } : { ok: false, field: undefined },
    send: async ({ text }): Promise<void> => {
      try {
        await add.mutateAsync(text);
        form.reset();
      } catch (error) {
        failed(error);
      }
    },
  });
  const text = form.values.text;
  const messages = query.data?.messages ?? [];
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Loading messages"
        intro="Shown one at a time while a guide is being built. Switched-off lines are kept."
      />
      {query.isPending ? <Spinner label="Loading messages..." /> : null}
      {query.isError ? <p className="text-muted">The messages could not be loaded.</p> : null}
      <ol className="flex flex-col gap-2">
        {messages.map((message, index) => (
          <MessageRow key={`${message.id}-${message.text}`} message={message} index={index} all={messages} />
        ))}
      </ol>
      <form ref={form.formRef} onSubmit={form.submit} className="flex flex-wrap gap-2">
        <label htmlFor="new-loading-message" className="sr-only">
          New message
        </label>
        <input
          id="new-loading-message"
          value={text}
          maxLength={LOADING_MESSAGE_MAX}
          placeholder="A new message…"
          onChange={form.field('text').onChange}
          className="h-11 min-w-0 flex-1 rounded-xl border border-border-strong bg-background/60 px-3"
        />
        <Button type="submit" disabled={!text.trim() || add.isPending}>
          Add message
        </Button>
      </form>
    </section>
  );
};
