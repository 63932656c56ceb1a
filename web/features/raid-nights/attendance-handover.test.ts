import { describe, expect, it } from 'vitest'
import { dropHandedMarks, HANDOVER_MAX_AGE_MS, handOverMarks, takeHandedMarks } from './attendance-handover'

const NIGHT = 'night-1'
const MARKS: [string, 'present' | 'late' | null][] = [
  ['player-1', 'present'],
  ['player-2', null],
]

describe('what a page that saved marks hands to the next page of the tab', () => {
  it('is taken once, by the same night, within the age a reload takes', () => {
    handOverMarks(NIGHT, MARKS, 1_000)
    expect(takeHandedMarks(NIGHT, 1_000 + HANDOVER_MAX_AGE_MS)).toEqual(MARKS)
    expect(takeHandedMarks(NIGHT, 1_000 + HANDOVER_MAX_AGE_MS)).toBeNull()
    // Every mark had landed: nothing to send again, but the night was saved a moment ago.
    handOverMarks(NIGHT, [], 1_000)
    expect(takeHandedMarks(NIGHT, 1_000)).toEqual([])
  })

  it('is forgotten when another night, a later moment or a malformed note takes it', () => {
    handOverMarks(NIGHT, MARKS, 1_000)
    expect(takeHandedMarks('night-2', 1_000)).toBeNull()
    expect(takeHandedMarks(NIGHT, 1_000)).toBeNull()

    handOverMarks(NIGHT, MARKS, 1_000)
    expect(takeHandedMarks(NIGHT, 1_001 + HANDOVER_MAX_AGE_MS)).toBeNull()
    // A clock put back meanwhile says nothing of the note's age.
    handOverMarks(NIGHT, MARKS, 1_000)
    expect(takeHandedMarks(NIGHT, 999)).toBeNull()

    sessionStorage.setItem(
      'lootqueue.attendance.leaving',
      JSON.stringify({
        nightId: NIGHT,
        at: 1_000,
        marks: [['player-1', 'asleep'], ['player-2', 'late'], [3]],
      }),
    )
    expect(takeHandedMarks(NIGHT, 1_000)).toEqual([['player-2', 'late']])
    sessionStorage.setItem('lootqueue.attendance.leaving', '{')
    expect(takeHandedMarks(NIGHT, 1_000)).toBeNull()
  })

  it('is forgotten when dropped (nothing saved lately, or the page came back)', () => {
    handOverMarks(NIGHT, MARKS, 1_000)
    dropHandedMarks()
    expect(takeHandedMarks(NIGHT, 1_000)).toBeNull()
  })
})
