// ExecuteTiling: the context built as the repositories' executor builds it (tensors, float
// attributes, compile info, a 4 KiB tiling buffer, a workspace vector, the platform's SoC
// information from the test's core count and UB size, through nlohmann/json as the
// repositories' executor reads them, and the build's SoC), the op's tiling
// function found in the registry IMPL_OP_OPTILING fills. An op with no registered tiling is an
// exception, as in the repositories' executor.
#include "tiling_case_executor.h"
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <nlohmann/json.hpp>
#include "platform/platform_infos_def.h"
#include "base/registry/op_impl_space_registry_v2.h"

#define STR_IMPL(x) #x
#define STR(x) STR_IMPL(x)

bool ExecuteTiling(const gert::TilingContextPara& para, TilingInfo& info)
{
    std::vector<std::unique_ptr<gert::Tensor>> keep;
    std::vector<gert::Tensor*> inputs, outputs;
    for (auto* list : {&para.inputs_, &para.outputs_}) {
        for (const auto& d : *list) {
            keep.push_back(std::make_unique<gert::Tensor>(
                d.shape_, gert::StorageFormat(d.format_, d.format_, gert::ExpandDimsType()),
                gert::TensorPlacement::kOnHost, d.dtype_, nullptr));
            (list == &para.inputs_ ? inputs : outputs).push_back(keep.back().get());
        }
    }
    fe::PlatFormInfos platform;
    platform.Init();
    auto tiling = gert::TilingData::CreateCap(4096);
    auto workspace = gert::ContinuousVector::Create<size_t>(4096);
    gert::OpTilingContextBuilder builder;
    builder.OpType(para.opName_.c_str()).OpName(para.opName_.c_str()).IONum(inputs.size(), outputs.size());
    builder.InputTensors(inputs).OutputTensors(outputs);
    for (float a : para.floatAttrs_) {
        builder.AppendAttr(a);
    }
    auto holder = builder.CompileInfo(para.compileInfo_)
                      .PlatformInfo(reinterpret_cast<char*>(&platform))
                      .TilingData(reinterpret_cast<gert::TilingData*>(tiling.get()))
                      .Workspace(reinterpret_cast<gert::ContinuousVector*>(workspace.get()))
                      .Build();
    // The SoC's numbers go through a compile-info JSON text parsed with nlohmann/json, as the
    // repositories' executor passes them.
    const std::string hardware = R"({"hardware_info": {"UB_SIZE": )" + std::to_string(para.ubSize_) +
                                 R"(, "CORE_NUM": )" + std::to_string(para.coreNum_) + "}}";
    const nlohmann::json parsed = nlohmann::json::parse(hardware);
    std::map<std::string, std::string> soc = {
        {"ai_core_cnt", std::to_string(parsed["hardware_info"]["CORE_NUM"].get<uint32_t>())},
        {"core_type_list", "AICore"}};
    std::map<std::string, std::string> spec = {
        {"ub_size", std::to_string(parsed["hardware_info"]["UB_SIZE"].get<uint32_t>())}};
    std::map<std::string, std::string> version = {{"Short_SoC_version", STR(BUILD_SOC_VERSION)},
                                                  {"NpuArch", "2201"}};
    auto* context = holder.GetContext();
    context->GetPlatformInfo()->SetPlatformRes("SoCInfo", soc);
    context->GetPlatformInfo()->SetPlatformRes("AICoreSpec", spec);
    context->GetPlatformInfo()->SetPlatformRes("version", version);
    context->GetPlatformInfo()->SetCoreNumByCoreType("AICore");
    auto registry = gert::DefaultOpImplSpaceRegistryV2::GetInstance().GetSpaceRegistry();
    auto functions = registry->GetOpImpl(para.opName_.c_str());
    if (functions == nullptr || functions->tiling == nullptr) {
        throw std::invalid_argument("not found " + para.opName_);
    }
    if (functions->tiling(context) != ge::GRAPH_SUCCESS) {
        return false;
    }
    info.tilingKey = context->GetTilingKey();
    info.blockNum = context->GetBlockDim();
    size_t n = context->GetWorkspaceNum();
    const size_t* sizes = context->GetWorkspaceSizes(n);
    for (size_t i = 0; i < n; i++) {
        info.workspaceSizes.push_back(sizes[i]);
    }
    auto raw = context->GetRawTilingData();
    info.tilingDataSize = raw->GetDataSize();
    info.tilingData = std::make_unique<uint8_t[]>(info.tilingDataSize);
    std::memcpy(info.tilingData.get(), raw->GetData(), info.tilingDataSize);
    return true;
}
