//! Value networks: a small multilayer perceptron that reads a seat's
//! observation ([`Learnable::observe`]) and gives every seat's estimated
//! probability of winning. The search uses it at its leaves (`eval=net`,
//! [`crate::mcts`]). The file format is in `docs/learning.md`, "Network
//! files": safetensors with `hidden.{k}.weight`/`.bias`, `value.weight`/
//! `.bias`, an optional `input.scale`/`input.shift`, and metadata naming the
//! game, the player count, the observation's length and its layout's
//! digest ([`layout_digest`]), each checked when a network is loaded for a
//! game ([`ValueNet::for_game`]).
//!
//! # Speed
//!
//! Observations are mostly zeros, so the first layer is stored input by
//! input (one column of weights per input) and only the non-zero inputs add
//! theirs; the input scaling is folded into the first layer's weights and
//! bias when the file is read, so it costs nothing and keeps zeros zero.
//! The other layers are dense. Every buffer of an evaluation lives in a
//! [`Scratch`] that the caller keeps (one per thread): an evaluation
//! allocates nothing.

use eons_core::{Game, Layout, Learnable, Seat};
use safetensors::tensor::Dtype;
use safetensors::SafeTensors;
use std::collections::HashMap;

/// The `format` metadata of a network file.
pub const NETWORK_FORMAT: &str = "eons-value-1";

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// Not a safetensors file.
    #[error("not a safetensors file: {0}")]
    Safetensors(String),
    /// Its `format` is not [`NETWORK_FORMAT`].
    #[error("not a value network (format `{0}`, expected `eons-value-1`)")]
    Format(String),
    /// A metadata entry is missing or unreadable.
    #[error("metadata `{0}` is missing or unreadable")]
    Metadata(&'static str),
    /// It was trained for another game.
    #[error("a network of `{found}`, not of `{expected}`")]
    Game {
        /// The game it was loaded for.
        expected: String,
        /// The game it names.
        found: String,
    },
    /// It was trained for another player count.
    #[error("a network for {found} players, not {expected}")]
    Players {
        /// The count it was loaded for.
        expected: usize,
        /// The count it names.
        found: usize,
    },
    /// Its observation length is not the game's.
    #[error("a network for observations of {found} values; the game's have {expected}")]
    ObservationLength {
        /// The game's.
        expected: usize,
        /// The file's.
        found: usize,
    },
    /// Its observation layout is not the game's (the engine changed since).
    #[error("a network for another observation layout (digest {found}; the game's is {expected})")]
    Layout {
        /// The game's digest.
        expected: String,
        /// The file's.
        found: String,
    },
    /// A tensor is missing, or of the wrong type or shape.
    #[error("tensor `{name}`: {reason}")]
    Tensor {
        /// The tensor's name.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// The file could not be read.
    #[error("cannot read {path}: {reason}")]
    Io {
        /// The path.
        path: String,
        /// Why.
        reason: String,
    },
}

/// The digest of an observation layout that a network file names: the
/// SHA-256 of every section's `name:len;` in order, in lower-case hex.
pub fn layout_digest(layout: &Layout) -> String {
    use sha2::{Digest, Sha256};
    hex(&Sha256::digest(layout_text(layout)))
}

/// The BLAKE2b-128 digest of the same text, which a network file may name
/// instead (32 hex digits rather than 64).
pub fn layout_digest_blake2b(layout: &Layout) -> String {
    use blake2::digest::{Update, VariableOutput};
    let mut hasher = blake2::Blake2bVar::new(16).unwrap_or_else(|_| unreachable!("16 bytes"));
    hasher.update(layout_text(layout).as_bytes());
    let mut out = [0u8; 16];
    // A 16-byte buffer for a 16-byte digest cannot fail.
    let _ = hasher.finalize_variable(&mut out);
    hex(&out)
}

/// `name:len;` for every section, in order: the text digested.
pub fn layout_text(layout: &Layout) -> String {
    layout
        .sections()
        .iter()
        .map(|s| format!("{}:{};", s.name, s.len))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// True when `digest` (SHA-256 or BLAKE2b-128 hex, any case) is `layout`'s.
pub fn layout_matches(layout: &Layout, digest: &str) -> bool {
    let digest = digest.trim().to_ascii_lowercase();
    match digest.len() {
        64 => digest == layout_digest(layout),
        32 => digest == layout_digest_blake2b(layout),
        _ => false,
    }
}

/// A fully connected layer.
#[derive(Clone, Debug, PartialEq)]
struct Dense {
    inputs: usize,
    outputs: usize,
    /// `[outputs × inputs]`, row-major, except for the first layer, which
    /// keeps `[inputs × outputs]` (one run of weights per input).
    weight: Vec<f32>,
    bias: Vec<f32>,
}

/// A loaded value network (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct ValueNet {
    metadata: HashMap<String, String>,
    game: String,
    players: usize,
    input_len: usize,
    /// The first hidden layer, input-major, the input scaling folded in.
    first: Dense,
    /// The other hidden layers, then the value head.
    rest: Vec<Dense>,
}

/// The buffers of one evaluation; keep one per thread and pass it to every
/// [`ValueNet::evaluate`] call.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// The observation written by [`ValueNet::evaluate_state`].
    observation: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
}

impl Scratch {
    /// Empty buffers; they grow on the first evaluation and are reused.
    pub fn new() -> Scratch {
        Scratch::default()
    }
}

fn tensor_f32(t: &SafeTensors<'_>, name: &str, shape: &[usize]) -> Result<Vec<f32>, NetError> {
    let bad = |reason: String| NetError::Tensor {
        name: name.to_string(),
        reason,
    };
    let view = t.tensor(name).map_err(|_| bad("missing".into()))?;
    if view.dtype() != Dtype::F32 {
        return Err(bad(format!("{:?}, expected F32", view.dtype())));
    }
    if view.shape() != shape {
        return Err(bad(format!("shape {:?}, expected {shape:?}", view.shape())));
    }
    Ok(view
        .data()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

fn tensor_shape(t: &SafeTensors<'_>, name: &str) -> Result<Vec<usize>, NetError> {
    t.tensor(name)
        .map(|v| v.shape().to_vec())
        .map_err(|_| NetError::Tensor {
            name: name.to_string(),
            reason: "missing".into(),
        })
}

impl ValueNet {
    /// Reads a network file, checking its format and its tensors' shapes
    /// against each other (not yet against a game: see
    /// [`ValueNet::for_game`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<ValueNet, NetError> {
        let (_, meta) =
            SafeTensors::read_metadata(bytes).map_err(|e| NetError::Safetensors(e.to_string()))?;
        let metadata = meta.metadata().clone().unwrap_or_default();
        let format = metadata.get("format").cloned().unwrap_or_default();
        if format != NETWORK_FORMAT {
            return Err(NetError::Format(format));
        }
        let number = |key: &'static str| -> Result<usize, NetError> {
            metadata
                .get(key)
                .and_then(|v| v.trim().parse().ok())
                .ok_or(NetError::Metadata(key))
        };
        let players = number("players")?;
        let input_len = number("observation_len")?;
        let game = metadata
            .get("game")
            .cloned()
            .ok_or(NetError::Metadata("game"))?;
        let t =
            SafeTensors::deserialize(bytes).map_err(|e| NetError::Safetensors(e.to_string()))?;
        let mut hidden = 0;
        while t.tensor(&format!("hidden.{hidden}.weight")).is_ok() {
            hidden += 1;
        }
        if hidden == 0 {
            return Err(NetError::Tensor {
                name: "hidden.0.weight".into(),
                reason: "missing: a network has at least one hidden layer".into(),
            });
        }
        let mut layers = Vec::with_capacity(hidden + 1);
        let mut inputs = input_len;
        for k in 0..=hidden {
            let (w, b) = if k < hidden {
                (format!("hidden.{k}.weight"), format!("hidden.{k}.bias"))
            } else {
                ("value.weight".to_string(), "value.bias".to_string())
            };
            let shape = tensor_shape(&t, &w)?;
            let outputs = if k < hidden {
                shape.first().copied().unwrap_or(0)
            } else {
                players
            };
            if outputs == 0 {
                return Err(NetError::Tensor {
                    name: w,
                    reason: "no outputs".into(),
                });
            }
            let weight = tensor_f32(&t, &w, &[outputs, inputs])?;
            let bias = tensor_f32(&t, &b, &[outputs])?;
            layers.push(Dense {
                inputs,
                outputs,
                weight,
                bias,
            });
            inputs = outputs;
        }
        let scaling = match (t.tensor("input.scale"), t.tensor("input.shift")) {
            (Ok(_), Ok(_)) => Some((
                tensor_f32(&t, "input.scale", &[input_len])?,
                tensor_f32(&t, "input.shift", &[input_len])?,
            )),
            (Err(_), Err(_)) => None,
            (Ok(_), Err(_)) | (Err(_), Ok(_)) => {
                return Err(NetError::Tensor {
                    name: "input.scale".into(),
                    reason: "input.scale and input.shift come together".into(),
                })
            }
        };
        let mut rest = layers.split_off(1);
        let first = layers.pop().ok_or(NetError::Metadata("hidden"))?;
        let first = Self::input_major(first, scaling.as_ref());
        rest.shrink_to_fit();
        Ok(ValueNet {
            metadata,
            game,
            players,
            input_len,
            first,
            rest,
        })
    }

    /// The first layer turned input-major with `x' = (x - shift) * scale`
    /// folded in: `W' = W · diag(scale)`, `b' = b - W' · shift`.
    fn input_major(layer: Dense, scaling: Option<&(Vec<f32>, Vec<f32>)>) -> Dense {
        let (n_in, n_out) = (layer.inputs, layer.outputs);
        let mut weight = vec![0f32; n_in * n_out];
        let mut bias: Vec<f64> = layer.bias.iter().map(|&b| f64::from(b)).collect();
        for o in 0..n_out {
            for i in 0..n_in {
                let w = layer.weight[o * n_in + i];
                let w = match scaling {
                    Some((scale, shift)) => {
                        let scaled = f64::from(w) * f64::from(scale[i]);
                        bias[o] -= scaled * f64::from(shift[i]);
                        scaled as f32
                    }
                    None => w,
                };
                weight[i * n_out + o] = w;
            }
        }
        Dense {
            inputs: n_in,
            outputs: n_out,
            weight,
            bias: bias.into_iter().map(|b| b as f32).collect(),
        }
    }

    /// Reads a network file for game `G` with `players` seats, refusing one
    /// made for another game, player count, observation length or layout.
    pub fn for_game<G: Learnable>(bytes: &[u8], players: usize) -> Result<ValueNet, NetError> {
        let net = ValueNet::from_bytes(bytes)?;
        net.check::<G>(players)?;
        Ok(net)
    }

    /// Checks that this network is one for game `G` with `players` seats.
    pub fn check<G: Learnable>(&self, players: usize) -> Result<(), NetError> {
        self.check_against(G::ID, players, &G::observation_layout(players))
    }

    /// Checks that this network is one for the game `game` with `players`
    /// seats whose observations have `layout`.
    pub fn check_against(
        &self,
        game: &str,
        players: usize,
        layout: &Layout,
    ) -> Result<(), NetError> {
        if self.game != game {
            return Err(NetError::Game {
                expected: game.to_string(),
                found: self.game.clone(),
            });
        }
        if self.players != players {
            return Err(NetError::Players {
                expected: players,
                found: self.players,
            });
        }
        if self.input_len != layout.len() {
            return Err(NetError::ObservationLength {
                expected: layout.len(),
                found: self.input_len,
            });
        }
        let digest = self
            .metadata
            .get("layout")
            .ok_or(NetError::Metadata("layout"))?;
        if !layout_matches(layout, digest) {
            return Err(NetError::Layout {
                expected: layout_digest(layout),
                found: digest.clone(),
            });
        }
        Ok(())
    }

    /// The game id the file names.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// Seats (outputs).
    pub fn players(&self) -> usize {
        self.players
    }

    /// The observation length (inputs).
    pub fn input_len(&self) -> usize {
        self.input_len
    }

    /// The file's metadata.
    pub fn metadata(&self) -> &HashMap<String, String> {
        &self.metadata
    }

    /// Every seat's win probability for `observation` (of
    /// [`ValueNet::input_len`] values; missing values count as zeros, extra
    /// ones are ignored), into `out` (its first [`ValueNet::players`]
    /// entries). Allocates nothing once `scratch` has grown.
    pub fn evaluate(&self, observation: &[f32], scratch: &mut Scratch, out: &mut [f32]) {
        let Scratch { a, b, .. } = scratch;
        self.forward(observation, a, b, out);
    }

    fn forward(&self, observation: &[f32], a: &mut Vec<f32>, b: &mut Vec<f32>, out: &mut [f32]) {
        let first = &self.first;
        a.clear();
        a.extend_from_slice(&first.bias);
        for (i, &x) in observation.iter().enumerate().take(self.input_len) {
            if x != 0.0 {
                let column = &first.weight[i * first.outputs..(i + 1) * first.outputs];
                for (h, &w) in a.iter_mut().zip(column) {
                    *h += x * w;
                }
            }
        }
        for h in a.iter_mut() {
            *h = h.max(0.0);
        }
        let last = self.rest.len() - 1;
        for (k, layer) in self.rest.iter().enumerate() {
            b.clear();
            b.extend_from_slice(&layer.bias);
            for (o, acc) in b.iter_mut().enumerate() {
                let row = &layer.weight[o * layer.inputs..(o + 1) * layer.inputs];
                *acc += dot(row, a);
            }
            if k < last {
                for h in b.iter_mut() {
                    *h = h.max(0.0);
                }
            }
            std::mem::swap(a, b);
        }
        // `a` holds the logits: a softmax over the seats.
        let max = a.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut total = 0f32;
        for z in a.iter_mut() {
            *z = (*z - max).exp();
            total += *z;
        }
        for (o, z) in out.iter_mut().zip(a.iter()) {
            *o = z / total;
        }
    }

    /// Every seat's win probability in `state` as seat `seat` sees it
    /// ([`Learnable::observe`]), into `out`.
    pub fn evaluate_state<G: Learnable>(
        &self,
        state: &G::State,
        seat: Seat,
        scratch: &mut Scratch,
        out: &mut [f32],
    ) {
        evaluate_with::<G>(self, G::observe, state, seat, scratch, out);
    }
}

/// A game's observation writer ([`Learnable::observe`]) as a plain function,
/// so that code written for any [`Game`] can hold one.
pub type Observer<G> = fn(&<G as Game>::State, Seat, &mut [f32]);

/// [`ValueNet::evaluate_state`] with the observation written by `observe`.
pub fn evaluate_with<G: Game>(
    net: &ValueNet,
    observe: Observer<G>,
    state: &G::State,
    seat: Seat,
    scratch: &mut Scratch,
    out: &mut [f32],
) {
    let Scratch { observation, a, b } = scratch;
    observation.resize(net.input_len, 0.0);
    observe(state, seat, observation);
    net.forward(observation, a, b, out);
}

/// A dot product in eight lanes (which the compiler vectorises).
#[inline]
fn dot(x: &[f32], y: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (xc, xr) = x.split_at(x.len() - x.len() % 8);
    let (yc, yr) = y.split_at(xc.len().min(y.len()));
    for (a, b) in xc.chunks_exact(8).zip(yc.chunks_exact(8)) {
        for l in 0..8 {
            lanes[l] += a[l] * b[l];
        }
    }
    let mut sum: f32 = lanes.iter().sum();
    for (a, b) in xr.iter().zip(yr) {
        sum += a * b;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_products_of_every_length() {
        for n in 0..20 {
            let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
            let y: Vec<f32> = (0..n).map(|i| 1.0 + i as f32 * 0.5).collect();
            let expected: f32 = x.iter().zip(&y).map(|(a, b)| a * b).sum();
            assert!((dot(&x, &y) - expected).abs() < 1e-3, "{n}");
        }
    }

    #[test]
    fn the_digest_is_of_the_sections_names_and_lengths() {
        let mut layout = Layout::new();
        layout.push("a", 3, "");
        layout.push("bee", 10, "");
        assert_eq!(layout_text(&layout), "a:3;bee:10;");
        // sha256("a:3;bee:10;") and blake2b-128 of the same, as Python's hashlib gives.
        assert_eq!(
            layout_digest(&layout),
            "c94aeac28454df66cc4d25815c267612e4ad5f8c269e7c926a0f0d5793575290"
        );
        assert_eq!(
            layout_digest_blake2b(&layout),
            "a5a6fd60abb78811b29c8cd178dd1af7"
        );
        assert!(layout_matches(
            &layout,
            &layout_digest(&layout).to_uppercase()
        ));
        assert!(layout_matches(&layout, &layout_digest_blake2b(&layout)));
        assert!(!layout_matches(&layout, "00"));
    }
}
