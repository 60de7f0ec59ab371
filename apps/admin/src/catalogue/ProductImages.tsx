/**
 * A product's images (issue 26): upload (validated and resized by the server with sharp),
 * move first, remove. The thumbnails are the shop's own 400x400 files.
 */
import { useRef, useState } from 'react';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import type { Product } from './catalogue-api.ts';

/** The images panel of a saved product. */
export function ProductImages({
  product,
  onChange,
}: {
  product: Product;
  onChange: (saved: { images: string[] }) => void;
}) {
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setErrors([]);
    setStatus('Laddar upp …');
    setBusy(true);
    try {
      const data = await adminRequest<{ uploadProductImage: { images: string[] } }>(
        'mutation($p: Int!, $f: File!) { uploadProductImage(productId: $p, file: $f) { images } }',
        { p: product.id, f: null },
        { f: file },
      );
      onChange(data.uploadProductImage);
      setStatus('Bilden är uppladdad.');
    } catch (error) {
      setStatus('');
      setErrors([
        {
          message: errorMessage(error, 'Uppladdningen misslyckades.'),
          fieldId: 'product-image',
        },
      ]);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  async function arrange(fileNames: string[], message: string) {
    setErrors([]);
    try {
      const data = await adminRequest<{ arrangeProductImages: { images: string[] } }>(
        'mutation($p: Int!, $f: [String!]!) { arrangeProductImages(productId: $p, fileNames: $f) { images } }',
        { p: product.id, f: fileNames },
      );
      onChange(data.arrangeProductImages);
      setStatus(message);
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    }
  }

  return (
    <section className="panel" aria-labelledby="images-title">
      <h2 id="images-title">Bilder</h2>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      {product.images.length === 0 ? <p>Produkten har inga bilder än.</p> : null}
      <ul className="image-list">
        {product.images.map((fileName, index) => (
          <li key={fileName}>
            <img
              src={`/img/product/400x400/${encodeURIComponent(fileName)}`}
              alt={`Bild ${index + 1}`}
              width={120}
              height={120}
            />
            <div className="image-actions">
              {index > 0 ? (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() =>
                    void arrange(
                      [fileName, ...product.images.filter((n) => n !== fileName)],
                      `Bild ${index + 1} visas nu först.`,
                    )
                  }
                >
                  Visa först<span className="visually-hidden"> (bild {index + 1})</span>
                </button>
              ) : null}
              <button
                type="button"
                className="button button-secondary"
                onClick={() =>
                  void arrange(
                    product.images.filter((n) => n !== fileName),
                    `Bild ${index + 1} är borttagen.`,
                  )
                }
              >
                Ta bort<span className="visually-hidden"> bild {index + 1}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor="product-image">Ladda upp bild</label>
        <input
          id="product-image"
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby="product-image-hint"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <span className="hint" id="product-image-hint">
          JPEG, PNG, WebP eller AVIF, minst 200×200 pixlar och högst 15 MB. Bilden skalas till
          butikens storlekar.
        </span>
      </div>
    </section>
  );
}
