import { telegramApi } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

/** Whether Telegram is on, whether the signed-in person's account is linked, and the bot's name. */
export function useTelegramState() {
  return useQuery(queryOf(telegramApi.state));
}

const stateKey = () => queryKeyOf(telegramApi.state);

/** A deep link with a one-time code (15 minutes) that links the chat opening it. */
export function useTelegramLink() {
  return useMutation({ mutationFn: () => call(telegramApi.link) });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(telegramApi.unlink),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stateKey() }),
  });
}
