import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import type { AdminTipView, LoadingMessage, TipState } from '#shared/guides.ts';

export function useAdminTips(state: TipState) {
  return useQuery({
    queryKey: ['admin', 'tips', state],
    queryFn: ({ signal }) => apiGet<{ tips: AdminTipView[] }>('/api/admin/tips', { query: { state }, signal }),
  });
}

export function useModerateTip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'approve' | 'hide' | 'delete'; reason: string }) =>
      apiSend<{ state: TipState }>('POST', `/api/admin/tips/${id}`, { action, reason }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'tips'] }),
  });
}

const messagesKey = ['admin', 'loading-messages'];

export function useAdminLoadingMessages() {
  return useQuery({
    queryKey: messagesKey,
    queryFn: ({ signal }) => apiGet<{ messages: LoadingMessage[] }>('/api/admin/loading-messages', { signal }),
  });
}

export function useLoadingMessageActions() {
  const client = useQueryClient();
  const onSettled = () => {
    void client.invalidateQueries({ queryKey: messagesKey });
    void client.invalidateQueries({ queryKey: ['guides', 'loading-messages'] });
  };
  return {
    add: useMutation({
      mutationFn: (text: string) => apiSend<LoadingMessage>('POST', '/api/admin/loading-messages', { text }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, ...change }: { id: string; text?: string; enabled?: boolean }) =>
        apiSend<LoadingMessage>('PATCH', `/api/admin/loading-messages/${id}`, change),
      onSettled,
    }),
    // The new order shows at once and the server's answer (the whole list) replaces it: no refetch
    // races a second move, and a refused order puts the old one back.
    reorder: useMutation({
      mutationKey: ['admin', 'loading-messages', 'reorder'],
      mutationFn: (ids: string[]) =>
        apiSend<{ messages: LoadingMessage[] }>('PUT', '/api/admin/loading-messages/order', { ids }),
      onMutate: async (ids) => {
        await client.cancelQueries({ queryKey: messagesKey });
        const previous = client.getQueryData<{ messages: LoadingMessage[] }>(messagesKey);
        if (previous) {
          const byId = new Map(previous.messages.map((message) => [message.id, message]));
          const reordered = ids.map((id) => byId.get(id)).filter((message) => message !== undefined);
          client.setQueryData(messagesKey, { messages: reordered });
        }
        return { previous };
      },
      onSuccess: (answer) => client.setQueryData(messagesKey, answer),
      onError: (_error, _ids, context) => {
        if (context?.previous) client.setQueryData(messagesKey, context.previous);
      },
      onSettled: () => void client.invalidateQueries({ queryKey: ['guides', 'loading-messages'] }),
    }),
  };
}
