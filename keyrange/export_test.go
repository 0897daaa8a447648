package keyrange

// RaceEnabled is raceEnabled for the black-box tests.
const RaceEnabled = raceEnabled
