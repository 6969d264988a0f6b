package br.com.lojaapi.gateway.grupo;

import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.GrupoView;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

@Schema(name = "GrupoComplemento")
record GrupoJson(String id, String nome, TipoGrupo tipo, boolean obrigatoria, int minimo, int maximo, int ordem,
                 List<ItemJson> itens, Instant criadoEm, Instant atualizadoEm,
                 @Schema(description = "Versão do agregado após a última alteração (extensão)") long versao,
                 @JsonInclude(JsonInclude.Include.NON_EMPTY)
                 @Schema(description = "Só nas respostas de POST e PUT: combinações de tipo, obrigatoria, minimo, "
                         + "maximo e itens guardadas como enviadas, mas que talvez não sejam o pretendido (por "
                         + "exemplo SELECAO com maximo 2, ou maximo acima do número de itens: opções repetidas)")
                 List<String> avisos) {

    static GrupoJson de(GrupoView view) {
        DadosGrupo d = view.dados();
        return new GrupoJson(view.id(), d.nome(), d.tipo(), d.obrigatoria(), d.minimo(), d.maximo(), d.ordem(),
                d.itens().stream().map(ItemJson::de).toList(), view.criadoEm(), view.atualizadoEm(), view.versao(),
                List.of());
    }

    GrupoJson com(List<String> novosAvisos) {
        return new GrupoJson(id, nome, tipo, obrigatoria, minimo, maximo, ordem, itens, criadoEm, atualizadoEm, versao,
                List.copyOf(novosAvisos));
    }
}
