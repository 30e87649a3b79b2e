import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleHelp } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { placeLabel } from '#client/lib/place-label.ts';
import { formatLongDate } from '#shared/dates.ts';
import { type DidYouGoPrompt, historyMessages } from '#shared/history.ts';
import { didYouGoQueryOptions, historyKeys } from '../api/history-api.ts';

/** Saves the answer as the fan's show state (the shows feature's, handed in by app/routes/history.tsx). */
export type AnswerShow = (stopId: string, state: 'attended' | 'missed') => Promise<unknown>;

/** "Did you go?" for each Going show whose date passed: one tap answers (I was there / I missed it). */
export const DidYouGo = ({ answerShow }: { answerShow: AnswerShow }) => {
  const query = useQuery(didYouGoQueryOptions());
  const prompts = query.data?.prompts ?? [];
  if (prompts.length === 0) return null;
  return (
    <section
      aria-labelledby="did-you-go"
      className="flex flex-col gap-3 rounded-card border border-accent/50 bg-surface-raised p-4 sm:p-5"
    >
      <h2 id="did-you-go" className="flex items-center gap-2 font-display text-xl font-bold">
        <CircleHelp className="size-5 text-accent" aria-hidden="true" />
        {historyMessages.didYouGo}
      </h2>
      <ul className="flex flex-col gap-2">
        {prompts.map((prompt) => (
          <PromptRow key={prompt.stopId} prompt={prompt} answerShow={answerShow} />
        ))}
      </ul>
    </section>
  );
};

const PromptRow = ({ prompt, answerShow }: { prompt: DidYouGoPrompt; answerShow: AnswerShow }) => {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (state: 'attended' | 'missed') => answerShow(prompt.stopId, state),
    onSuccess: async () => {
      queryClient.setQueryData(historyKeys.didYouGo(), (data: { prompts: DidYouGoPrompt[] } | undefined) =>
        data ? { prompts: data.prompts.filter((p) => p.stopId !== prompt.stopId) } : data,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: historyKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
      ]);
    },
    onError: () =>
      showToast({ id: 'history', title: 'Error', description: historyMessages.answerError, variant: 'destructive' }),
  });
  const label = `${prompt.artistName} at ${prompt.venueName}, ${formatLongDate(prompt.date)}`;
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="did-you-go"
    >
      <p className="text-sm">
        <span className="font-semibold">{prompt.artistName}</span>
        <span className="text-muted">
          {' '}
          · {prompt.venueName} · {placeLabel(prompt)} · {formatLongDate(prompt.date)}
        </span>
      </p>
      <fieldset className="m-0 flex gap-2 border-0 p-0">
        <legend className="sr-only">{`Did you go? ${label}`}</legend>
        <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate('attended')}>
          {historyMessages.wasThere}
        </Button>
        <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => answer.mutate('missed')}>
          {historyMessages.missed}
        </Button>
      </fieldset>
    </li>
  );
};
