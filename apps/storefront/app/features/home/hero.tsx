/**
 * The start page hero: calm brand colours and an inline SVG bicycle (no external images, no
 * layout shift: the illustration has a fixed aspect ratio).
 */
import { Link } from 'react-router';

/** A call to action of the hero. */
export interface HeroButton {
  text: string;
  href: string;
  style: 'primary' | 'secondary';
}

/** What the hero says (the start page's "Banner" widget with variant "hero", issue 16). */
export interface HeroProps {
  eyebrow?: string;
  title: string;
  text: string;
  buttons: HeroButton[];
}

/** Hero section of the start page. */
export function Hero({ eyebrow, title, text, buttons }: HeroProps) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner container">
        <div className="hero__text">
          {eyebrow ? <p className="hero__eyebrow">{eyebrow}</p> : null}
          <h1 id="hero-title" className="hero__title">
            {title}
          </h1>
          {text ? <p className="hero__lead">{text}</p> : null}
          {buttons.length > 0 ? (
            <p className="hero__actions">
              {buttons.map((button) => (
                <Link
                  key={button.href + button.text}
                  to={button.href}
                  className={`button button--${button.style}`}
                >
                  {button.text}
                </Link>
              ))}
            </p>
          ) : null}
        </div>
        <div className="hero__art ratio-hero" aria-hidden="true">
          <BicycleArt />
        </div>
      </div>
    </section>
  );
}

/** A line drawing of a bicycle on a rising sun. */
function BicycleArt() {
  return (
    <svg viewBox="0 0 480 360" width="480" height="360" focusable="false">
      <defs>
        <clipPath id="hero-art-frame">
          <rect width="480" height="360" rx="28" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-art-frame)">
        <rect className="hero-art__sky" width="480" height="360" />
        <circle className="hero-art__sun" cx="300" cy="150" r="120" />
        <path className="hero-art__hill" d="M0 300 C120 240 240 250 480 285 L480 360 L0 360 Z" />
      </g>
      <g className="hero-art__bike" fill="none" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="130" cy="250" r="62" strokeWidth="9" />
        <circle cx="350" cy="250" r="62" strokeWidth="9" />
        <circle cx="130" cy="250" r="5" strokeWidth="6" />
        <circle cx="350" cy="250" r="5" strokeWidth="6" />
        <path d="M130 250 L205 150 L322 150 L350 250" strokeWidth="9" />
        <path d="M205 150 L238 252 L322 150" strokeWidth="9" />
        <path d="M130 250 L238 252" strokeWidth="9" />
        <path d="M193 128 L228 128" strokeWidth="11" />
        <path d="M205 150 L199 128" strokeWidth="9" />
        <path d="M322 150 L312 112 L340 104" strokeWidth="9" />
        <circle cx="238" cy="252" r="14" strokeWidth="7" />
      </g>
    </svg>
  );
}
