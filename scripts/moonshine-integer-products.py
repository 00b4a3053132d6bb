"""Rewrites one of Moonshine base-en's networks (an ONNX Runtime .ort file)
so that its int8 weights feed ONNX Runtime's integer matrix products.

As shipped, each int8 weight matrix W is turned back into floats
(Cast, Mul by its scale, Add its offset) at every run of the network: for the
decoder, 42 MB of weights at every token, which is most of its time and
hundreds of MB of memory. Here each matrix product with such a weight becomes
com.microsoft's DynamicQuantizeMatMul over the int8 weight itself (its offset
is a whole zero point, checked); the token embedding, used as a table and as
the output projection, is looked up in int8 and turned into floats a row at
a time, and projected through a transposed int8 copy; any other use of a
weight (the encoder's convolutions) gets its float values, computed once.

Usage: moonshine-integer-products.py FLATBUFFERS_DIR IN.ort OUT.onnx
FLATBUFFERS_DIR holds the `flatbuffers` package and ONNX Runtime's
`ort_flatbuffers_py` reader (both from pinned wheels, see install-asr).
The output is the same bytes for the same input: its SHA-256 is pinned.
"""
import array
import os
import struct
import sys

sys.path.insert(0, sys.argv[1])
import flatbuffers  # noqa: E402
from ort_flatbuffers_py.fbs.InferenceSession import InferenceSession  # noqa: E402

FLOAT, INT8 = 1, 3


# --- A protobuf writer for the ONNX messages written here (onnx.proto's field numbers).

def varint(value):
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field_varint(number, value):
    return varint(number << 3) + varint(value)


def field_bytes(number, data):
    if isinstance(data, str):
        data = data.encode()
    return varint((number << 3) | 2) + varint(len(data)) + data


def field_float(number, value):
    return varint((number << 3) | 5) + struct.pack("<f", value)


def tensor_proto(name, dims, data_type, raw):
    out = b"".join(field_varint(1, d) for d in dims) + field_varint(2, data_type)
    return out + field_bytes(8, name) + field_bytes(9, raw)




def value_info_proto(name, info):
    """`info`: (element type, [dimension value or name]) or None (untyped)."""
    out = field_bytes(1, name)
    if info is not None:
        element, dims = info
        shape = b"".join(field_bytes(1, field_varint(1, d) if isinstance(d, int) else field_bytes(2, d)) for d in dims)
        tensor = field_varint(1, element) + (field_bytes(2, shape) if dims is not None else b"")
        out += field_bytes(2, field_bytes(1, tensor))
    return out


def node_proto(node):
    out = b"".join(field_bytes(1, i) for i in node["inputs"]) + b"".join(field_bytes(2, o) for o in node["outputs"])
    out += field_bytes(3, node["name"]) + field_bytes(4, node["op"])
    out += b"".join(field_bytes(5, attribute_proto(a)) for a in node["attributes"])
    return out + (field_bytes(7, node["domain"]) if node["domain"] else b"")


def attribute_proto(attribute):
    kind, name, value = attribute["type"], attribute["name"], attribute["value"]
    out = field_bytes(1, name)
    if kind == 1:
        out += field_float(2, value)
    elif kind == 2:
        out += field_varint(3, value)
    elif kind == 3:
        out += field_bytes(4, value)
    elif kind == 4:
        out += field_bytes(5, value)
    elif kind == 5:
        out += field_bytes(6, graph_proto(value))
    elif kind == 6:
        out += field_bytes(7, b"".join(struct.pack("<f", v) for v in value))
    elif kind == 7:
        out += field_bytes(8, b"".join(varint(v) for v in value))
    elif kind == 8:
        out += b"".join(field_bytes(9, v) for v in value)
    else:
        sys.exit(f"moonshine-integer-products: attribute {name} of type {kind} is not written")
    return out + field_varint(20, kind)


def graph_proto(graph):
    out = b"".join(field_bytes(1, node_proto(n)) for n in graph["nodes"]) + field_bytes(2, graph["name"])
    out += b"".join(field_bytes(5, t) for t in graph["initializers"].values())
    out += b"".join(field_bytes(11, value_info_proto(i, graph["types"].get(i))) for i in graph["inputs"])
    out += b"".join(field_bytes(12, value_info_proto(o, graph["types"].get(o))) for o in graph["outputs"])
    return out


# --- The .ort file read into plain structures.

def text(value):
    return value.decode() if value is not None else ""


def read_tensor(tensor):
    dims = [tensor.Dims(i) for i in range(tensor.DimsLength())]
    if tensor.StringDataLength():
        sys.exit(f"moonshine-integer-products: string tensor {text(tensor.Name())} is not read")
    raw = b""
    offset = flatbuffers.number_types.UOffsetTFlags.py_type(tensor._tab.Offset(12))
    if offset:
        start = tensor._tab.Vector(offset)
        raw = bytes(tensor._tab.Bytes[start:start + tensor._tab.VectorLen(offset)])
    return {"name": text(tensor.Name()), "dims": dims, "type": tensor.DataType(), "raw": raw}


def tensor_bytes(tensor):
    return tensor_proto(tensor["name"], tensor["dims"], tensor["type"], tensor["raw"])


def read_type(value_info):
    kind = value_info.Type()
    if kind is None or kind.ValueType() != 1:
        return None
    from ort_flatbuffers_py.fbs.TensorTypeAndShape import TensorTypeAndShape
    table = TensorTypeAndShape()
    table.Init(kind.Value().Bytes, kind.Value().Pos)
    shape = table.Shape()
    if shape is None:
        return (table.ElemType(), None)
    dims = []
    for i in range(shape.DimLength()):
        value = shape.Dim(i).Value()
        if value is not None and value.DimType() == 1:
            dims.append(value.DimValue())
        else:
            dims.append(text(value.DimParam()) if value is not None else "")
    return (table.ElemType(), dims)


def read_graph(graph, name):
    types = {}
    for i in range(graph.NodeArgsLength()):
        arg = graph.NodeArgs(i)
        types[text(arg.Name())] = read_type(arg)
    nodes = []
    for i in range(graph.NodesLength()):
        node = graph.Nodes(i)
        attributes = []
        for a in range(node.AttributesLength()):
            attribute = node.Attributes(a)
            kind, attribute_name = attribute.Type(), text(attribute.Name())
            value = {1: lambda: attribute.F(), 2: lambda: attribute.I(), 3: lambda: attribute.S() or b"",
                     4: lambda: tensor_bytes(read_tensor(attribute.T())),
                     5: lambda: read_graph(attribute.G(), attribute_name),
                     6: lambda: [attribute.Floats(k) for k in range(attribute.FloatsLength())],
                     7: lambda: [attribute.Ints(k) for k in range(attribute.IntsLength())],
                     8: lambda: [attribute.Strings(k) for k in range(attribute.StringsLength())]}.get(kind)
            if value is None:
                sys.exit(f"moonshine-integer-products: attribute {attribute_name} of type {kind} is not read")
            attributes.append({"type": kind, "name": attribute_name, "value": value()})
        nodes.append({"name": text(node.Name()), "op": text(node.OpType()), "domain": text(node.Domain()),
                      "inputs": [text(node.Inputs(k)) for k in range(node.InputsLength())],
                      "outputs": [text(node.Outputs(k)) for k in range(node.OutputsLength())], "attributes": attributes})
    tensors = [read_tensor(graph.Initializers(i)) for i in range(graph.InitializersLength())]
    return {"name": name, "nodes": nodes, "types": types,
            "tensors": {t["name"]: t for t in tensors},
            "initializers": {t["name"]: tensor_bytes(t) for t in tensors},
            "inputs": [text(graph.Inputs(i)) for i in range(graph.InputsLength())],
            "outputs": [text(graph.Outputs(i)) for i in range(graph.OutputsLength())]}


def subgraphs(graph):
    yield graph
    for node in graph["nodes"]:
        for attribute in node["attributes"]:
            if attribute["type"] == 5:
                yield from subgraphs(attribute["value"])


# --- The rewrite.

def scalar(tensor):
    """The one float32 of a tensor of one."""
    if tensor["type"] != FLOAT or len(tensor["raw"]) != 4:
        return None
    return struct.unpack("<f", tensor["raw"])[0]


def float32(value):
    return struct.pack("<f", value)


def dequantized_weights(graph):
    """The top graph's Cast → Mul(scale) → Add(offset) chains over int8
    weights: {float output: (int8 weight, scale, whole zero point, nodes)}."""
    producer = {o: n for n in graph["nodes"] for o in n["outputs"]}
    tensors = graph["tensors"]
    chains = {}
    for add in graph["nodes"]:
        if add["op"] != "Add" or add["domain"]:
            continue
        mul = producer.get(add["inputs"][0])
        if mul is None or mul["op"] != "Mul" or add["inputs"][1] not in tensors:
            continue
        cast = producer.get(mul["inputs"][0])
        if cast is None or cast["op"] != "Cast" or mul["inputs"][1] not in tensors or cast["inputs"][0] not in tensors:
            continue
        weight = tensors[cast["inputs"][0]]
        scale, offset = scalar(tensors[mul["inputs"][1]]), scalar(tensors[add["inputs"][1]])
        if weight["type"] != INT8 or scale is None or offset is None or scale == 0:
            continue
        zero = -offset / scale
        if abs(zero - round(zero)) > 1e-3 or not -128 <= round(zero) <= 127:
            sys.exit(f"moonshine-integer-products: {weight['name']}'s offset is not a whole int8 zero point ({zero})")
        chains[add["outputs"][0]] = (weight, scale, int(round(zero)), [cast, mul, add])
    return chains


def rewrite(top):
    chains = dequantized_weights(top)
    added = {}  # new top-level initializers, visible to every subgraph
    float_weights = set()

    def constant(name, dims, data_type, raw):
        if name not in added:
            added[name] = tensor_proto(name, dims, data_type, raw)
        return name

    def scale_and_zero(weight, scale, zero):
        # Scalars: a tensor of one would be read as one scale per column.
        base = weight["name"]
        return (constant(base + "_product_scale", [], FLOAT, float32(scale)),
                constant(base + "_product_zero_point", [], INT8, struct.pack("<b", zero)))

    counter = [0]

    def fresh(stem):
        counter[0] += 1
        return f"{stem}_integer_{counter[0]}"

    for graph in subgraphs(top):
        consumers = {}
        for node in graph["nodes"]:
            for index, name in enumerate(node["inputs"]):
                consumers.setdefault(name, []).append((node, index))
        rewritten = []
        dropped = set()
        for node in graph["nodes"]:
            if id(node) in dropped:
                continue
            inputs = node["inputs"]
            if node["op"] == "MatMul" and not node["domain"] and inputs[1] in chains:
                weight, scale, zero = chains[inputs[1]][:3]
                scale_name, zero_name = scale_and_zero(weight, scale, zero)
                rewritten.append(dict(node, op="DynamicQuantizeMatMul", domain="com.microsoft",
                                      inputs=[inputs[0], weight["name"], scale_name, zero_name]))
            elif node["op"] == "Transpose" and inputs[0] in chains and consumers.get(node["outputs"][0]) and all(
                    user["op"] == "MatMul" and index == 1 for user, index in consumers.get(node["outputs"][0], [])):
                # The tied output projection: a transposed int8 copy, once.
                weight, scale, zero = chains[inputs[0]][:3]
                perm = next((a["value"] for a in node["attributes"] if a["name"] == "perm"), None)
                if perm not in (None, [1, 0]) or len(weight["dims"]) != 2:
                    sys.exit(f"moonshine-integer-products: {node['name']} transposes {weight['name']} by {perm}")
                rows, columns = weight["dims"]
                raw = weight["raw"]
                transposed = constant(weight["name"] + "_transposed", [columns, rows], INT8,
                                      b"".join(raw[column::columns] for column in range(columns)))
                scale_name, zero_name = scale_and_zero(weight, scale, zero)
                for user, _ in consumers[node["outputs"][0]]:
                    user["op"], user["domain"] = "DynamicQuantizeMatMul", "com.microsoft"
                    user["inputs"] = [user["inputs"][0], transposed, scale_name, zero_name]
            elif node["op"] == "Gather" and not node["domain"] and inputs[0] in chains:
                # Rows looked up in int8, then turned into floats.
                weight, scale, zero = chains[inputs[0]][:3]
                rows, floats, centred = fresh("rows"), fresh("floats"), fresh("centred")
                rewritten.append(dict(node, inputs=[weight["name"], inputs[1]], outputs=[rows]))
                rewritten.append({"name": fresh("cast"), "op": "Cast", "domain": "", "inputs": [rows], "outputs": [floats],
                                  "attributes": [{"type": 2, "name": "to", "value": FLOAT}]})
                zero_float = constant(weight["name"] + "_zero_point_float", [], FLOAT, float32(zero))
                scale_name = scale_and_zero(weight, scale, zero)[0]
                rewritten.append({"name": fresh("sub"), "op": "Sub", "domain": "", "inputs": [floats, zero_float],
                                  "outputs": [centred], "attributes": []})
                rewritten.append({"name": fresh("mul"), "op": "Mul", "domain": "", "inputs": [centred, scale_name],
                                  "outputs": node["outputs"], "attributes": []})
            else:
                for index, name in enumerate(inputs):
                    if name in chains and not (node["op"] in ("Cast", "Mul", "Add") and graph is top):
                        float_weights.add(name)
                rewritten.append(node)
        graph["nodes"] = rewritten

    # What is still read as floats is computed once; the chains go.
    for name in float_weights:
        weight, scale, zero = chains[name][:3]
        values = array.array("f", ((q - zero) * scale for q in array.array("b", weight["raw"])))
        if sys.byteorder != "little":
            values.byteswap()
        added[name] = tensor_proto(name, weight["dims"], FLOAT, values.tobytes())
    chain_nodes = {id(n) for chain in chains.values() for n in chain[3]}
    top["nodes"] = [n for n in top["nodes"] if id(n) not in chain_nodes]
    # Initializers no longer read are dropped (the scales and offsets, and
    # weights read only as floats).
    read = {i for graph in subgraphs(top) for n in graph["nodes"] for i in n["inputs"]} | set(top["outputs"])
    top["initializers"] = {k: v for k, v in top["initializers"].items() if k in read and k not in added}
    top["initializers"].update({k: v for k, v in sorted(added.items()) if k in read})
    return len(chains), len(float_weights)


def main():
    source, target = sys.argv[2], sys.argv[3]
    with open(source, "rb") as file:
        data = file.read()
    model = InferenceSession.GetRootAsInferenceSession(data, 0).Model()
    graph = read_graph(model.Graph(), "main")
    weights, floats = rewrite(graph)
    opsets = [(text(model.OpsetImport(i).Domain()), model.OpsetImport(i).Version()) for i in range(model.OpsetImportLength())]
    if not any(domain == "com.microsoft" for domain, _ in opsets):
        opsets.append(("com.microsoft", 1))
    out = field_varint(1, model.IrVersion()) + field_bytes(2, "voicecmd moonshine-integer-products")
    out += field_bytes(7, graph_proto(graph))
    out += b"".join(field_bytes(8, (field_bytes(1, d) if d else b"") + field_varint(2, v)) for d, v in opsets)
    with open(target + ".part", "wb") as file:
        file.write(out)
    os.replace(target + ".part", target)
    print(f"{source}: {weights} int8 weights, {floats} turned into floats once", file=sys.stderr)


main()
