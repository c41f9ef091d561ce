/**
 * One request coalescer. `join` shares one run of `work` per key among the callers that ask while
 * it has not finished; `afterArrivals` runs it only after the current turn of the event loop, and
 * only the callers of that turn share it — none gets a value read before its own arrival (a live
 * counter). Keys that must not be shared across changes carry the content stamp.
 */
export class Coalescer {
  private readonly flights = new Map<string, Promise<unknown>>();

  join<T>(key: string, work: () => Promise<T>, options: { afterArrivals?: boolean } = {}): Promise<T> {
    const known = this.flights.get(key);
    if (known) return known as Promise<T>;
    const flight = options.afterArrivals
      ? new Promise<T>((resolve, reject) => {
          setImmediate(() => {
            this.flights.delete(key);
            work().then(resolve, reject);
          });
        })
      : work().finally(() => this.flights.delete(key));
    this.flights.set(key, flight);
    return flight;
  }
}
