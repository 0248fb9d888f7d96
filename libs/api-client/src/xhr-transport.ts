import type { Transport } from './client';

/**
 * A {@link Transport} that sends an upload with XMLHttpRequest, telling
 * `onProgress` the share of the file sent so far (0 to 1), and answers a
 * fetch `Response` so the call is read as any other; a network failure or
 * an abort rejects as fetch's would. Kept out of the client so a screen
 * that uploads nothing carries none of it.
 */
export function xhrTransport(
  onProgress: (fraction: number) => void,
): Transport {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) {
        xhr.setRequestHeader(name, value);
      }
      xhr.responseType = 'text';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0)
          onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0)
            headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(
          new Response(xhr.status === 204 ? null : xhr.responseText, {
            status: xhr.status,
            headers,
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () =>
        reject(new DOMException('The upload was aborted.', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(init.body);
    });
}
