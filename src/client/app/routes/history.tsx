import { HistoryPage } from '#client/features/history/components/history-page.tsx';
import { useAnswerShow } from '#client/features/shows/use-show-state.ts';

/** /my-shows: the fan's concert history; its "Did you go?" answers are saved as show states. */
export const HistoryRoute = () => <HistoryPage answerShow={useAnswerShow()} />;
