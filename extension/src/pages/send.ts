/**
 * Opened by the worker to send to a custom service (no content script there): copies the text (extension pages may, with the
 * clipboardWrite permission), then replaces itself with the chat service.
 */
const key = `send:${location.hash.slice(1)}`;
void chrome.storage.session.get(key).then(async (stored) => {
  const job = stored[key] as { text: string; url: string } | undefined;
  if (!job) return;
  await chrome.storage.session.remove(key);
  const area = document.createElement('textarea');
  area.value = job.text;
  document.body.append(area);
  area.select();
  // execCommand works here without a user gesture (clipboardWrite); the async API needs focus.
  document.execCommand('copy');
  area.remove();
  location.replace(job.url);
});
