/**
 * The product image gallery: a scroll-snap strip of square images (works without JavaScript)
 * with thumbnail links; the first image is the LCP candidate and not lazy, the others are.
 */
import { useRef, type MouseEvent } from 'react';
import { t } from '../../i18n/i18n';
import { productImageUrl } from './image-url';

/** Gallery of a product's images. */
export function Gallery({ name, images }: { name: string; images: string[] }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const showImage = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const slide = trackRef.current?.children[index] as HTMLElement | undefined;
    if (!slide || !trackRef.current) return;
    event.preventDefault();
    trackRef.current.scrollTo({ left: slide.offsetLeft, behavior: 'smooth' });
  };
  if (images.length === 0) {
    return <div className="gallery gallery--empty ratio-square" aria-hidden="true" />;
  }
  return (
    <section className="gallery" aria-label={t('product.gallery')}>
      <ul className="gallery__track" ref={trackRef} tabIndex={images.length > 1 ? 0 : undefined}>
        {images.map((fileName, index) => (
          <li key={fileName} id={`bild-${index + 1}`} className="gallery__slide ratio-square">
            <img
              src={productImageUrl(fileName, '800x800')}
              alt={t('product.imageAlt', { name, index: index + 1, count: images.length })}
              width={800}
              height={800}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding={index === 0 ? 'sync' : 'async'}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <ol className="gallery__thumbs">
          {images.map((fileName, index) => (
            <li key={fileName}>
              <a
                href={`#bild-${index + 1}`}
                className="gallery__thumb ratio-square"
                onClick={(event) => showImage(event, index)}
              >
                <img
                  src={productImageUrl(fileName, '400x400')}
                  alt={t('product.showImage', { index: index + 1 })}
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
