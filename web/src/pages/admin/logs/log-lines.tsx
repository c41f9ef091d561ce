import { Box, Text } from '@chakra-ui/react';
import { LEVEL_COLORS, levelOf, localLogLine } from './log-view.ts';

/** Text log lines, each coloured by its level, in a monospace box. */
export function LogLines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <Text color="fg.muted">Brak wpisów do wyświetlenia</Text>;
  return (
    <Box as="ul" listStyleType="none" fontFamily="mono" fontSize="sm" aria-label="Wpisy logu">
      {lines.map((line, index) => {
        const level = levelOf(line);
        return (
          <Box
            as="li"
            key={`${index}-${line}`}
            color={LEVEL_COLORS[level]}
            data-level={level}
            whiteSpace="pre-wrap"
            wordBreak="break-word"
            py="0.5"
          >
            {localLogLine(line)}
          </Box>
        );
      })}
    </Box>
  );
}
