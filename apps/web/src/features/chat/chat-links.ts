/** Where to open the chat with someone: from a user's card, an agency page or an introduction. */
export function chatWithPath(userId: string): string {
  return `/admin/chats?with=${encodeURIComponent(userId)}`;
}
