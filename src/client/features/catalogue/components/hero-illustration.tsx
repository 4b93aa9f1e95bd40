import { useId } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * Decorative hero artwork drawn in SVG (our own): 'coupe' is a coupe of amber liquid with a warm glow and a lemon twist
 * (home); 'trio' is three glasses side by side, a coupe, a highball and a rocks glass (discover). aria-hidden.
 */
export function HeroIllustration({ variant = 'coupe', className }: { variant?: 'coupe' | 'trio'; className?: string }) {
  const uid = useId().replace(/:/g, '');
  const glow = `hero-glow-${uid}`;
  const liquid = `hero-liquid-${uid}`;
  const glass = `hero-glass-${uid}`;
  const red = `hero-red-${uid}`;
  const green = `hero-green-${uid}`;
  const outline = 'rgb(246 239 228 / 0.7)';

  return (
    <svg viewBox="0 0 320 260" aria-hidden="true" className={cn('h-auto w-full', className)}>
      <defs>
        <radialGradient id={glow} cx="0.5" cy="0.55" r="0.5">
          <stop offset="0" stopColor="#e6a84f" stopOpacity="0.55" />
          <stop offset="0.45" stopColor="#c8453a" stopOpacity="0.14" />
          <stop offset="1" stopColor="#0f0c0a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={liquid} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f6c46e" />
          <stop offset="1" stopColor="#b8621f" />
        </linearGradient>
        <linearGradient id={red} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e2503f" />
          <stop offset="1" stopColor="#7d1a16" />
        </linearGradient>
        <linearGradient id={green} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e7efcf" />
          <stop offset="1" stopColor="#a9c27a" />
        </linearGradient>
        <linearGradient id={glass} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#fff" stopOpacity="0.12" />
          <stop offset="0.5" stopColor="#fff" stopOpacity="0.02" />
          <stop offset="1" stopColor="#fff" stopOpacity="0.08" />
        </linearGradient>
      </defs>

      <ellipse cx="160" cy="140" rx="160" ry="120" fill={`url(#${glow})`} />
      {[
        [38, 48, 1.6],
        [284, 62, 1.2],
        [262, 28, 2],
        [62, 178, 1.1],
        [300, 170, 1.4],
        [22, 110, 1],
        [200, 22, 1.2],
      ].map(([x, y, r]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={r} fill="#f6efe4" opacity="0.5" />
      ))}
      <ellipse cx="160" cy="236" rx="120" ry="9" fill="rgb(0 0 0 / 0.5)" />

      {variant === 'coupe' ? (
        <g>
          {/* bowl */}
          <path d="M78 92 C78 142 112 160 160 160 C208 160 242 142 242 92 Z" fill={`url(#${glass})`} />
          <clipPath id={`hero-bowl-${uid}`}>
            <path d="M78 92 C78 142 112 160 160 160 C208 160 242 142 242 92 Z" />
          </clipPath>
          <g clipPath={`url(#hero-bowl-${uid})`}>
            <rect x="70" y="104" width="180" height="70" fill={`url(#${liquid})`} />
            <ellipse cx="160" cy="104" rx="80" ry="5" fill="#ffd891" opacity="0.7" />
          </g>
          <path
            d="M78 92 C78 142 112 160 160 160 C208 160 242 142 242 92"
            fill="none"
            stroke={outline}
            strokeWidth="2.5"
          />
          <ellipse cx="160" cy="92" rx="82" ry="7" fill="none" stroke={outline} strokeWidth="2.5" />
          {/* stem and foot */}
          <path d="M160 160 L160 228" stroke={outline} strokeWidth="3" />
          <ellipse cx="160" cy="230" rx="40" ry="6" fill="rgb(246 239 228 / 0.08)" stroke={outline} strokeWidth="2.5" />
          {/* highlight */}
          <path
            d="M96 104 C96 124 104 136 116 144"
            fill="none"
            stroke="#fff"
            strokeOpacity="0.4"
            strokeWidth="4"
            strokeLinecap="round"
          />
          {/* lemon twist */}
          <path
            d="M226 90 C236 64 262 62 266 80 C270 98 246 102 244 86 C242 72 262 60 280 70"
            fill="none"
            stroke="#f2d64b"
            strokeWidth="7"
            strokeLinecap="round"
          />
          <path
            d="M226 90 C236 64 262 62 266 80 C270 98 246 102 244 86 C242 72 262 60 280 70"
            fill="none"
            stroke="#fff6c2"
            strokeWidth="2"
            strokeLinecap="round"
            opacity="0.7"
          />
        </g>
      ) : (
        <g>
          {/* highball, back */}
          <path d="M136 60 L140 226 L196 226 L200 60 Z" fill={`url(#${glass})`} />
          <clipPath id={`hero-hb-${uid}`}>
            <path d="M136 60 L140 226 L196 226 L200 60 Z" />
          </clipPath>
          <g clipPath={`url(#hero-hb-${uid})`}>
            <rect x="130" y="82" width="80" height="150" fill={`url(#${green})`} opacity="0.9" />
            <rect
              x="146"
              y="92"
              width="26"
              height="24"
              rx="4"
              fill="#fff"
              opacity="0.25"
              transform="rotate(-8 159 104)"
            />
            <rect
              x="162"
              y="124"
              width="26"
              height="24"
              rx="4"
              fill="#fff"
              opacity="0.22"
              transform="rotate(9 175 136)"
            />
            {[0, 1, 2, 3, 4].map((i) => (
              <circle
                key={i}
                cx={150 + i * 9}
                cy={200 - i * 22}
                r="2.2"
                fill="none"
                stroke="#fff"
                strokeOpacity="0.6"
              />
            ))}
          </g>
          <path
            d="M136 60 L140 226 L196 226 L200 60 Z"
            fill="none"
            stroke={outline}
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <path d="M160 40 L176 86" stroke="#7cc08a" strokeWidth="4" strokeLinecap="round" />
          <ellipse cx="154" cy="44" rx="8" ry="14" fill="#4f9a4a" transform="rotate(-30 154 44)" />
          <ellipse cx="168" cy="40" rx="7" ry="13" fill="#6bb865" transform="rotate(20 168 40)" />

          {/* coupe, left */}
          <path d="M40 132 C40 168 62 180 94 180 C126 180 148 168 148 132 Z" fill={`url(#${glass})`} />
          <clipPath id={`hero-cp-${uid}`}>
            <path d="M40 132 C40 168 62 180 94 180 C126 180 148 168 148 132 Z" />
          </clipPath>
          <g clipPath={`url(#hero-cp-${uid})`}>
            <rect x="36" y="140" width="116" height="50" fill={`url(#${liquid})`} />
            <rect x="36" y="138" width="116" height="7" fill="#f6ecd8" opacity="0.9" />
          </g>
          <path
            d="M40 132 C40 168 62 180 94 180 C126 180 148 168 148 132"
            fill="none"
            stroke={outline}
            strokeWidth="2.5"
          />
          <ellipse cx="94" cy="132" rx="54" ry="5" fill="none" stroke={outline} strokeWidth="2.5" />
          <path d="M94 180 L94 226" stroke={outline} strokeWidth="3" />
          <ellipse cx="94" cy="228" rx="28" ry="5" fill="rgb(246 239 228 / 0.08)" stroke={outline} strokeWidth="2.5" />

          {/* rocks, right */}
          <path d="M208 158 L212 226 L274 226 L278 158 Z" fill={`url(#${glass})`} />
          <clipPath id={`hero-rk-${uid}`}>
            <path d="M208 158 L212 226 L274 226 L278 158 Z" />
          </clipPath>
          <g clipPath={`url(#hero-rk-${uid})`}>
            <rect x="200" y="174" width="84" height="60" fill={`url(#${red})`} />
            <rect
              x="222"
              y="168"
              width="34"
              height="32"
              rx="5"
              fill="#fff"
              opacity="0.2"
              transform="rotate(-6 239 184)"
            />
          </g>
          <path
            d="M208 158 L212 226 L274 226 L278 158 Z"
            fill="none"
            stroke={outline}
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <g transform="translate(268 162)">
            <circle r="15" fill="#f39a2b" />
            <circle r="12" fill="#ffe2b8" opacity="0.6" />
            <circle r="10.5" fill="#f39a2b" />
            {[0, 45, 90, 135].map((angle) => (
              <line
                key={angle}
                x1="0"
                y1="-10"
                x2="0"
                y2="10"
                stroke="#ffe2b8"
                strokeWidth="1.2"
                transform={`rotate(${angle})`}
              />
            ))}
          </g>
        </g>
      )}
    </svg>
  );
}
