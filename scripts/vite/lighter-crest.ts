// The GOV.UK footer's crest (govuk-frontend's govuk-crest.svg, 35 KB, 12.7 KiB with brotli) drawn
// with its coordinates to a tenth of a pixel where govuk-frontend gives them to a hundredth: at the
// 125 by 102 pixels it is drawn at, no screen shows the difference, and it downloads in 8 KiB
// (decision 063). Made from govuk-frontend's own file at each build, so it follows its updates.
import { optimize } from 'svgo';
import type { Plugin } from 'vite';

const CREST = /(?:^|\/)govuk-crest-[\w-]+\.svg$/;

export function lighterCrest(): Plugin {
  return {
    name: 'lighter-crest',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'asset' && CREST.test(file.fileName))
          file.source = optimize(String(file.source), { floatPrecision: 1, multipass: true }).data;
    },
  };
}
