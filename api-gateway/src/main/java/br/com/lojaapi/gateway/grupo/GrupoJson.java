package br.com.lojaapi.gateway.grupo;

import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.GrupoView;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

@Schema(name = "GrupoComplemento")
record GrupoJson(String id, String nome, TipoGrupo tipo, boolean obrigatoria, int minimo, int maximo, int ordem,
                 List<ItemJson> itens, Instant criadoEm, Instant atualizadoEm,
                 @Schema(description = "Versão do agregado após a última alteração (extensão)") long versao) {

    static GrupoJson de(GrupoView view) {
        DadosGrupo d = view.dados();
        return new GrupoJson(view.id(), d.nome(), d.tipo(), d.obrigatoria(), d.minimo(), d.maximo(), d.ordem(),
                d.itens().stream().map(ItemJson::de).toList(), view.criadoEm(), view.atualizadoEm(), view.versao());
    }
}
