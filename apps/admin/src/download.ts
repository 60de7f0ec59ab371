/**
 * Offering a file the back office made (a CSV export, a customer's data as JSON) as a download
 * in the browser.
 */

/**
 * Starts the browser's download of `text` as `fileName` with the MIME type `type` (CSV by
 * default). The object URL is released 10 seconds later, once the browser has the file.
 */
export function downloadFile(
  fileName: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
