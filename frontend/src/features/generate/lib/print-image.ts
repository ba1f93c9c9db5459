/**
 * Prints one image (the voucher card) without the page around it: a hidden frame holding only the
 * image, printed once the image has loaded, removed afterwards.
 */
export function printImage(url: string, title: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
    document.body.appendChild(frame);
    const doc = frame.contentDocument;
    const win = frame.contentWindow;
    if (!doc || !win) {
      frame.remove();
      reject(new Error('Printing is not available'));
      return;
    }
    doc.title = title;
    const style = doc.createElement('style');
    style.textContent =
      '@page{margin:12mm}html,body{margin:0;height:100%}body{display:flex;align-items:center;justify-content:center}img{max-width:100%;max-height:100vh}';
    doc.head.appendChild(style);
    const image = doc.createElement('img');
    image.alt = title;
    image.onload = () => {
      win.focus();
      win.print();
      // print() blocks until the dialog closes in most browsers; remove the frame a little later.
      setTimeout(() => frame.remove(), 1_000);
      resolve();
    };
    image.onerror = () => {
      frame.remove();
      reject(new Error('The voucher image could not be loaded'));
    };
    image.src = url;
    doc.body.appendChild(image);
  });
}
