import { ToggleGroup, ToggleGroupItem } from '@/client/components/ui/toggle-group';
import { useUnitSystem } from '@/client/lib/use-unit-system';
import { isUnitSystem, UNIT_SYSTEMS } from '@/shared/domain/units';

/**
 * The ml / oz / cl switch; the choice is remembered for the whole app (localStorage 'bb:unit-system') and applies to recipes
 * and the batch calculator alike.
 */
export function UnitToggle() {
  const [system, setSystem] = useUnitSystem();
  return (
    <ToggleGroup
      type="single"
      size="sm"
      aria-label="Units"
      value={system}
      onValueChange={(value) => {
        if (isUnitSystem(value)) setSystem(value);
      }}
    >
      {UNIT_SYSTEMS.map((unit) => (
        <ToggleGroupItem key={unit} value={unit} className="min-w-11">
          {unit}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
