#!/usr/bin/python3
"""GOV.UK Frontend's two GDS Transport files, each cut in two by the characters pages use.

Run by hand when govuk-frontend's fonts change (`npm run fonts:subset`; Debian's python3-fonttools
and python3-brotli), never by the build: it writes the four WOFF2 files in src/web/styles/fonts,
the @font-face rules that name them (src/web/styles/_gds-transport.scss) and the hashes of the
files they were cut from (fonts/sources.json, which a unit test compares with node_modules).

- "latin": the characters of the service's English and Welsh texts (Basic Latin, Latin-1, the
  Welsh letters with a circumflex, grave or diaeresis that Latin-1 lacks, general punctuation, the
  euro sign). Every page needs it: it is preloaded.
- "rest": every other character the font has (a name such as "Dvořák"). The browser fetches it
  only for a page that shows one of them (`unicode-range`).

Both without hinting instructions (and their device metrics table), as Google Fonts serves to
every browser but old Windows ones: about a third of the bytes. See decision 062.
"""
import glob
import hashlib
import json
import os

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(ROOT, 'node_modules', 'govuk-frontend', 'dist', 'govuk', 'assets', 'fonts')
OUT = os.path.join(ROOT, 'src', 'web', 'styles', 'fonts')
SCSS = os.path.join(ROOT, 'src', 'web', 'styles', '_gds-transport.scss')

LATIN = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100)) | set(range(0x2000, 0x2070))
LATIN |= {0x0174, 0x0175, 0x0176, 0x0177, 0x0178, 0x1E80, 0x1E81, 0x1E82, 0x1E83, 0x1E84, 0x1E85,
          0x1EF2, 0x1EF3, 0x20AC}
WEIGHTS = {'light': 'normal', 'bold': 'bold'}


def ranges(codepoints):
    """The codepoints as CSS unicode-range terms (U+41-5A)."""
    terms, run = [], []
    for cp in sorted(codepoints):
        if run and cp == run[-1] + 1:
            run.append(cp)
            continue
        if run:
            terms.append(run)
        run = [cp]
    if run:
        terms.append(run)
    return ', '.join(f'U+{r[0]:X}' if len(r) == 1 else f'U+{r[0]:X}-{r[-1]:X}' for r in terms)


def cut(source, codepoints, target):
    options = subset.Options()
    options.flavor = 'woff2'
    options.hinting = False
    options.drop_tables += ['hdmx', 'LTSH']
    options.layout_features = ['*']
    options.name_IDs = ['*']
    options.notdef_outline = True
    font = TTFont(source, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    font.flavor = 'woff2'
    font.save(target)


def main():
    os.makedirs(OUT, exist_ok=True)
    sources, faces = {}, []
    for name, weight in WEIGHTS.items():
        [source] = glob.glob(os.path.join(SOURCE, f'{name}-*.woff2'))
        with open(source, 'rb') as f:
            sources[os.path.basename(source)] = hashlib.sha256(f.read()).hexdigest()
        has = {cp for cp in TTFont(source).getBestCmap() if cp >= 0x20}
        for part, codepoints in (('latin', has & LATIN), ('rest', has - LATIN)):
            file = f'gds-transport-{name}-{part}.woff2'
            cut(source, codepoints, os.path.join(OUT, file))
            faces.append((weight, file, ranges(codepoints)))
    with open(os.path.join(OUT, 'sources.json'), 'w') as f:
        json.dump(sources, f, indent=2, sort_keys=True)
        f.write('\n')
    with open(SCSS, 'w') as f:
        f.write('// Written by scripts/fonts/subset-gds-transport.py (npm run fonts:subset): do not edit.\n')
        f.write('// GOV.UK Frontend\'s GDS Transport, as its own @font-face rules declare it, in two parts per\n')
        f.write('// weight: the browser fetches a part only for a page with one of its characters.\n')
        f.write('/*! Copyright (c) 2011 by Margaret Calvert & Henrik Kubel. All rights reserved. The font has '
                'been customised for exclusive use on gov.uk. This cut is not commercially available. */\n')
        for weight, file, unicode_range in faces:
            f.write('\n@font-face {\n  font-family: \'GDS Transport\';\n  font-style: normal;\n'
                    f'  font-weight: {weight};\n  font-display: fallback;\n'
                    f'  src: url(\'./fonts/{file}\') format(\'woff2\');\n'
                    f'  unicode-range: {unicode_range};\n}}\n')


main()
