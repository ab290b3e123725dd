//! eons-dominant-species (under construction).
