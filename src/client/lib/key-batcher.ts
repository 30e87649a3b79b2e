interface Pending<V> {
  resolve(value: V): void;
  reject(error: unknown): void;
}

/**
 * Collects the keys asked for within 10 ms (the rows of a list mounting together) and fetches
 * them in requests of at most `maxPerRequest` keys; each caller gets its own key's answer.
 * Hearts (favourite status) and show-state buttons both batch this way.
 */
export function createKeyBatcher<V>(
  fetchChunk: (keys: string[]) => Promise<Map<string, V>>,
  maxPerRequest: number,
  missing: V,
): (key: string) => Promise<V> {
  let waiting = new Map<string, Pending<V>[]>();
  let flushScheduled = false;

  async function flush(): Promise<void> {
    const batch = waiting;
    waiting = new Map();
    flushScheduled = false;
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += maxPerRequest) {
      const chunk = keys.slice(start, start + maxPerRequest);
      try {
        const answers = await fetchChunk(chunk);
        for (const key of chunk)
          for (const pending of batch.get(key) ?? []) pending.resolve(answers.get(key) ?? missing);
      } catch (error) {
        for (const key of chunk) for (const pending of batch.get(key) ?? []) pending.reject(error);
      }
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      const list = waiting.get(key) ?? [];
      list.push({ resolve, reject });
      waiting.set(key, list);
      if (!flushScheduled) {
        flushScheduled = true;
        setTimeout(() => void flush(), 10);
      }
    });
}
