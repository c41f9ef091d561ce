/**
 * The simulated editors of `npm run bench:collab`: Hocuspocus providers in this process, each typing
 * into a paragraph of its own in the post's shared fragment, and every other editor of the post
 * timing when each keystroke reaches it.
 *
 * The marker of a keystroke is where it lands: an editor only appends to its own paragraph (its
 * `editor` attribute says whose), so its text's length after the n-th keystroke is n. A receiver
 * whose copy of that paragraph grows from m to n letters has just received keystrokes m+1…n, and
 * their send times are in this process (the senders are here too: one clock).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { COLLAB_FRAGMENT } from '../api/src/modules/collab/collab-protocol.ts';
import type { CollabEditor } from '../api/test/collab-editor.ts';

export interface BenchEditor {
  /** Unique over the run; the paragraph's `editor` attribute. */
  index: number;
  /** Which API process (0 or 1) the editor's socket is on. */
  process: number;
  editor: CollabEditor;
}

export interface LatencySamples {
  /** ms from sending to seeing, sender and receiver on the same API process. */
  same: number[];
  /** …on different processes (through Redis). */
  cross: number[];
  /** Keystrokes sent in the measured window, times the other editors of their post. */
  expected: number;
}

const LETTERS = 'zażółćgęśląjaźńpchnąćwtęłódźjeża ';

const paragraphsOf = (doc: Y.Doc) => doc.getXmlFragment(COLLAB_FRAGMENT).toArray() as Y.XmlElement[];

/** Every editor of one post adds its paragraph; resolves once each sees all of them. */
export async function addParagraphs(group: BenchEditor[], timeoutMs = 30_000): Promise<void> {
  for (const { index, editor } of group) {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.setAttribute('editor', String(index));
    paragraph.insert(0, [new Y.XmlText()]);
    editor.doc.getXmlFragment(COLLAB_FRAGMENT).push([paragraph]);
  }
  const deadline = Date.now() + timeoutMs;
  while (group.some(({ editor }) => paragraphsOf(editor.doc).length < group.length)) {
    if (Date.now() > deadline) throw new Error('the editors did not see each other’s paragraphs');
    await sleep(50);
  }
}

/**
 * Starts every editor of `groups` (one array per post) typing `perSecond` letters a second, each
 * at a random phase. Latencies count for keystrokes sent between `measure()` and `stop()`.
 */
export function startTyping(groups: BenchEditor[][], perSecond: number) {
  const sendTimes = new Map<number, number[]>();
  const samples: LatencySamples = { same: [], cross: [], expected: 0 };
  let measured: [number, number] = [Infinity, Infinity];
  const processOf = new Map<number, number>();
  const timers: NodeJS.Timeout[] = [];
  const observers: (() => void)[] = [];

  for (const group of groups) {
    for (const { index, process } of group) {
      sendTimes.set(index, []);
      processOf.set(index, process);
    }
    for (const receiver of group) {
      const seen = new Map<number, number>();
      const fragment = receiver.editor.doc.getXmlFragment(COLLAB_FRAGMENT);
      const observer = (events: Y.YEvent<Y.XmlText>[]) => {
        const now = performance.now();
        for (const { target } of events) {
          if (!(target instanceof Y.XmlText) || !(target.parent instanceof Y.XmlElement)) continue;
          const sender = Number(target.parent.getAttribute('editor'));
          if (sender === receiver.index) continue;
          const sent = sendTimes.get(sender)!;
          for (let n = seen.get(sender) ?? 0; n < target.length; n++) {
            const at = sent[n]!;
            if (at < measured[0] || at > measured[1]) continue;
            (processOf.get(sender) === receiver.process ? samples.same : samples.cross).push(now - at);
          }
          seen.set(sender, target.length);
        }
      };
      fragment.observeDeep(observer as (events: Y.YEvent<Y.AbstractType<unknown>>[]) => void);
      observers.push(() =>
        fragment.unobserveDeep(observer as (events: Y.YEvent<Y.AbstractType<unknown>>[]) => void),
      );
    }
    for (const { index, editor } of group) {
      const text = paragraphsOf(editor.doc)
        .find((paragraph) => paragraph.getAttribute('editor') === String(index))!
        .get(0) as Y.XmlText;
      const sent = sendTimes.get(index)!;
      const type = () => {
        const at = performance.now();
        sent.push(at);
        if (at >= measured[0] && at <= measured[1]) samples.expected += group.length - 1;
        text.insert(text.length, LETTERS[sent.length % LETTERS.length]!);
      };
      const start = setTimeout(
        () => timers.push(setInterval(type, 1000 / perSecond)),
        Math.random() * (1000 / perSecond),
      );
      timers.push(start);
    }
  }
  return {
    measure() {
      measured = [performance.now(), Infinity];
    },
    /** Stops typing, waits `settleMs` for keystrokes under way, and returns the samples. */
    async stop(settleMs = 3000): Promise<LatencySamples> {
      measured = [measured[0], performance.now()];
      for (const timer of timers) clearInterval(timer);
      await sleep(settleMs);
      for (const unobserve of observers) unobserve();
      return samples;
    },
  };
}
