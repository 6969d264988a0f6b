package br.com.lojaapi.query.grupo;

import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.GrupoView;
import br.com.lojaapi.coreapi.grupo.ItemComplemento;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;
import java.util.List;

@Entity
@Table(name = "grupo_complemento_view")
class GrupoRegistro {

    @Id
    private String id;
    @Column(name = "loja_id", nullable = false)
    private String lojaId;
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
    @Column(name = "criado_em", nullable = false)
    private Instant criadoEm;
    @Column(name = "atualizado_em", nullable = false)
    private Instant atualizadoEm;
    @Column(name = "removido_em")
    private Instant removidoEm;
    @Column(nullable = false)
    private long versao;

    protected GrupoRegistro() {
        // JPA
    }

    GrupoRegistro(String id, String lojaId, Instant criadoEm) {
        this.id = id;
        this.lojaId = lojaId;
        this.criadoEm = criadoEm;
    }

    void aplicar(DadosGrupo d, Instant quando, long versao) {
        nome = d.nome();
        tipo = d.tipo();
        obrigatoria = d.obrigatoria();
        minimo = d.minimo();
        maximo = d.maximo();
        ordem = d.ordem();
        itens = d.itens();
        atualizadoEm = quando;
        this.versao = versao;
    }

    void remover(Instant quando, long versao) {
        removidoEm = quando;
        atualizadoEm = quando;
        this.versao = versao;
    }

    long versao() {
        return versao;
    }

    GrupoView view() {
        return new GrupoView(id, lojaId, new DadosGrupo(nome, tipo, obrigatoria, minimo, maximo, ordem, itens), criadoEm,
                atualizadoEm, versao);
    }
}
