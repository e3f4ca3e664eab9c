// The clock controls: the host's virtual time, how fast it runs (paused, 1×, 60×, 600×, or
// skipping the waits between triggers), the next trigger and a button to fire it now.
import type { ClockView, Speed } from '../protocol';
import { byId, clockText, duration } from './dom';

export class ClockBar {
  constructor(setSpeed: (speed: Speed) => void, nextTrigger: () => void) {
    for (const b of document.querySelectorAll<HTMLButtonElement>('#speeds button')) {
      b.addEventListener('click', () => {
        const raw = b.dataset.speed ?? '1';
        setSpeed(raw === 'skip' ? 'skip' : (Number(raw) as Speed));
      });
    }
    byId('next-trigger').addEventListener('click', nextTrigger);
  }

  update(clock: ClockView): void {
    byId('clock-now').textContent = clockText(clock.now);
    for (const b of document.querySelectorAll<HTMLButtonElement>('#speeds button')) {
      b.classList.toggle('active', b.dataset.speed === String(clock.speed));
      b.setAttribute('aria-pressed', String(b.dataset.speed === String(clock.speed)));
    }
    byId('clock-next').textContent =
      clock.nextTriggerAt === null
        ? 'No trigger set'
        : `Next trigger ${clock.nextTriggerAt <= clock.now ? 'due now' : `in ${duration(clock.nextTriggerAt - clock.now)}`}`;
    byId<HTMLButtonElement>('next-trigger').disabled = clock.nextTriggerAt === null;
  }
}
