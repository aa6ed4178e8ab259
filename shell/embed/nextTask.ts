// The embed runtime's start ends its task after every step (shell/embed/boot.ts): the host page's
// own work (a tap, a frame) runs in between. A message to ourselves ends the task like
// setTimeout(0) does, but without the browser's clamp: from the fifth nested timer on, every
// setTimeout waits at least 4 ms (HTML standard, timer nesting level), and the start's steps
// chain ten of them. (React's scheduler yields the same way.)

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/** Resolves in a new task, as soon as the event loop gets to it (no timer, no clamp). */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  if (!channel) {
    channel = new MessageChannel();
    // one message per waiting step, answered in order
    channel.port1.onmessage = () => waiting.shift()?.();
    // (Node, in the unit tests: an open port would keep the process alive)
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  const port = channel.port2;
  return new Promise((resolve) => {
    waiting.push(resolve);
    port.postMessage(0);
  });
}
