package br.com.lojaapi.query.grupo;

import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoCriadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoView;
import br.com.lojaapi.coreapi.grupo.ItemComplemento;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;
import br.com.lojaapi.query.comum.RegistroRemovivel;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;
import java.util.List;

@Entity
@Table(name = "grupo_complemento_view")
class GrupoRegistro extends RegistroRemovivel {

    @Column(nullable = false)
    private String nome;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private TipoGrupo tipo;
    @Column(nullable = false)
    private boolean obrigatoria;
    @Column(nullable = false)
    private int minimo;
    @Column(nullable = false)
    private int maximo;
    @Column(nullable = false)
    private int ordem;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    private List<ItemComplemento> itens;

    protected GrupoRegistro() {
        // JPA
    }

    GrupoRegistro(GrupoComplementoCriadoEvent e, long versao) {
        super(e.grupoId(), e.lojaId(), e.criadoEm());
        aplicar(e.dados(), e.criadoEm(), versao);
    }

    void aplicar(DadosGrupo d, Instant quando, long versao) {
        nome = d.nome();
        tipo = d.tipo();
        obrigatoria = d.obrigatoria();
        minimo = d.minimo();
        maximo = d.maximo();
        ordem = d.ordem();
        itens = d.itens();
        tocar(quando, versao);
    }

    GrupoView view() {
        return new GrupoView(id(), lojaId(), new DadosGrupo(nome, tipo, obrigatoria, minimo, maximo, ordem, itens),
                criadoEm(), atualizadoEm(), versao());
    }
}
