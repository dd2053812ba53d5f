import type { NeededScore } from '../../common/domain/gpa';
import { nativeScaleOf, nativeValueFor, type GradingSystemKey } from '../../common/domain/grading-systems';
import type { Translate } from './due-label';
import { formatGpa, formatNumber } from './format';

const pct = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

/** Drops float noise, then rounds up (`up`) or down to 2 decimals. */
function roundTowards(value: number, up: boolean): number {
  const scaled = Number((value * 100).toPrecision(12));
  return (up ? Math.ceil(scaled) : Math.floor(scaled)) / 100 + 0;
}

/**
 * The native value a needed percentage stands for, rounded towards the **better** grade (down for a
 * German grade, up for a French one) so that scoring exactly the figure shown reaches the target, as
 * `neededScore` rounds its percentage up.
 */
export function neededNativeValue(neededPercentage: number, system: GradingSystemKey): number | null {
  const scale = nativeScaleOf(system);
  if (scale === null) return null;
  const raw = scale.worst + ((scale.best - scale.worst) * neededPercentage) / 100;
  return roundTowards(raw, scale.best > scale.worst);
}

/**
 * What is still needed for a course's target, the one sentence Grades and Progress show (keys of the
 * `grades` namespace, `courses.needed.*`). On a national scale the student thinks in grades: "an
 * average of 1,58 on the remaining 40 %" (docs/decisions/115).
 */
export function neededScoreText(t: Translate, needed: NeededScore, system: GradingSystemKey): string {
  const key = (name: string) => `grades:courses.needed.${name}`;
  if (nativeScaleOf(system) !== null) {
    switch (needed.status) {
      case 'secured':
        return t(key('securedNative'));
      case 'achievable':
        return t(key('achievableNative'), {
          needed: formatGpa(neededNativeValue(needed.needed, system) ?? 0),
          weight: pct(needed.remainingWeight),
        });
      case 'impossible':
        return t(key('impossibleNative'), {
          needed: formatGpa(neededNativeValue(needed.needed, system) ?? 0),
          max: formatGpa(nativeValueFor(needed.maxFinalMark, system) ?? 0),
        });
      default:
        break;
    }
  }
  switch (needed.status) {
    case 'no-target':
      return t(key('noTarget'));
    case 'no-weights':
      return t(key('noWeights'));
    case 'no-remaining-work':
      return t(key(needed.targetMet ? 'met' : 'missed'));
    case 'secured':
      return t(key('secured'));
    case 'achievable':
      return t(key('achievable'), { needed: pct(needed.needed), weight: pct(needed.remainingWeight) });
    case 'impossible':
      return t(key('impossible'), { needed: pct(needed.needed), max: pct(needed.maxFinalMark) });
  }
}
