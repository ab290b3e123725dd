//! eons-marine (under construction).
