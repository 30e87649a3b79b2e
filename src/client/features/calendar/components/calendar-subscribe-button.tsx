import { CalendarPlus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { ModalDialog, ModalDialogContent, ModalDialogTrigger } from '#client/components/ui/modal-dialog.tsx';
import { CalendarSubscribe } from './calendar-subscribe.tsx';

/** 'Subscribe' on My Shows: the three calendar feeds in a dialog (the same panel as in Settings). */
export const CalendarSubscribeButton = () => (
  <ModalDialog>
    <ModalDialogTrigger asChild>
      <Button variant="outline" size="sm">
        <CalendarPlus aria-hidden="true" />
        Subscribe
      </Button>
    </ModalDialogTrigger>
    <ModalDialogContent
      title="Subscribe to your shows"
      description="Add your shows to Google Calendar, Apple Calendar or any calendar app."
    >
      <CalendarSubscribe />
    </ModalDialogContent>
  </ModalDialog>
);
